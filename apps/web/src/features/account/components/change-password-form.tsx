/**
 * The change-password form of /profile (decision 029): the registration rules and messages
 * (spec §5) through the shared schema; the server adds the common-password list and the check
 * of the current password, whose field messages land under their fields. Loaded only when the
 * buyer asks for it (profile-page.tsx), so the profile's first load carries no form code.
 */
import { ChangePasswordForm as ChangePasswordSchema } from '@storefront/shared/accounts';
import type { ChangePasswordForm as ChangePasswordValues } from '@storefront/shared/accounts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { describeError } from '../../../lib/api/error-message';
import { useChangePassword } from '../api/change-password';
import { formRules, useForm } from '../../../lib/form';

const changePasswordRules = formRules(() => Promise.resolve(ChangePasswordSchema));

const FIELDS: readonly {
  name: keyof ChangePasswordValues;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm new password', autoComplete: 'new-password' },
];

const EMPTY: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    rules: changePasswordRules,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    try {
      const answer = await change.mutateAsync({ current_password, new_password });
      toast({ title: 'Password changed', description: answer.msg });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Password change failed',
        description: describeError(error) ?? 'Please try again.',
      });
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'current_password' || field === 'new_password') {
            setError(field, { message });
          }
        }
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid max-w-md gap-4"
      aria-label="Change password"
    >
      {FIELDS.map(({ name, label, autoComplete }) => (
        <FormField
          key={name}
          label={label}
          type="password"
          autoComplete={autoComplete}
          error={errors[name]?.message}
          {...register(name)}
        />
      ))}
      <div className="flex gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

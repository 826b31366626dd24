/**
 * The change-email form of the Profile tab (decision 067): the new address and the current
 * password, under the shared ChangeEmailBody. The server's field messages (a wrong password,
 * the current address) land under their fields; once sent, the form gives way to what the
 * server said: a link is on its way to the new address. Loaded when the buyer asks for it.
 */
import { ChangeEmailBody } from '@storefront/shared/accounts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { describeError } from '../../../lib/api/error-message';
import { formRules, useForm } from '../../../lib/form';
import { useChangeEmail } from '../api/change-email';

const changeEmailRules = formRules(() => Promise.resolve(ChangeEmailBody));

export function ChangeEmailForm({
  onSent,
  onCancel,
}: {
  onSent: (message: string) => void;
  onCancel: () => void;
}) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    rules: changeEmailRules,
    defaultValues: { new_email: '', current_password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onSent((await change.mutateAsync(body)).msg);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Email not changed',
        description: describeError(error) ?? 'Please try again.',
      });
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'new_email' || field === 'current_password') setError(field, { message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-label="Change email">
      <FormField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.new_email?.message}
        {...register('new_email')}
      />
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send confirmation link'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * "Forgot password?" under the login form (decision 058): the buyer's email, then the server's
 * one answer for every email, shown in place of the form (a link is on its way if the account
 * exists).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { formRules, useForm } from '../../../lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { errorDetail } from '../lib/error-detail';

const forgotRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.ForgotPasswordBody),
);

export function ForgotPasswordForm({
  defaultEmail = '',
  onCancel,
}: {
  defaultEmail?: string;
  onCancel: () => void;
}) {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ rules: forgotRules, defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      setSent((await forgot.mutateAsync(values.email)).msg);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not send the reset link',
        description: errorDetail(error),
      });
    }
  });

  if (sent) {
    return (
      <div className="grid gap-3">
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          {sent}
        </p>
        <Button variant="outline" className="justify-self-start" onClick={onCancel}>
          Back to login
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset your password">
      <p className="text-sm text-slate-600">
        Enter the email of your account. We will send you a link to choose a new password.
      </p>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Back to login
        </Button>
      </div>
    </form>
  );
}

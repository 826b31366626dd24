/**
 * The login tab (spec §2 "Auth", §5 login rules, §8): the shared LoginBody schema is the
 * resolver, so the form shows the server's own messages. Success stores the session and toasts
 * 'Login successful' / 'Welcome back!' (the page then leaves for returnUrl); failure toasts
 * 'Login failed' with the server's detail. An unverified email (403 email_not_verified) also
 * offers 'Resend verification email'.
 */
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { formRules, useForm } from '../../../lib/form';
import { useLogIn } from '../api/log-in';
import { useResendVerification } from '../api/resend-verification';
import { errorDetail } from '../lib/error-detail';
import { FormField } from '../../../components/ui/form-field';

const loginRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.LoginBody),
);

export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const logIn = useLogIn();
  const resend = useResendVerification();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    rules: loginRules,
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      await logIn.mutateAsync(values);
      toast({ title: 'Login successful', description: 'Welcome back!' });
    } catch (error) {
      // Spec §8: 'Login failed' with the server's detail, or 'Login failed'.
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: errorDetail(error) ?? 'Login failed',
      });
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setUnverifiedEmail(values.email);
      }
    }
  });

  const resendEmail = (email: string) =>
    resend.mutate(email, {
      onSuccess: (answer) => toast({ title: 'Verification email sent', description: answer.msg }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not send the verification email',
          description: errorDetail(error),
        }),
    });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {unverifiedEmail ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="grid gap-2">
            <p>
              Your email address is not verified yet. Open the link we sent to {unverifiedEmail}.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={resend.isPending}
              onClick={() => resendEmail(unverifiedEmail)}
            >
              {resend.isPending ? 'Sending...' : 'Resend verification email'}
            </Button>
          </div>
        </div>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

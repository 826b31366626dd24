/**
 * /reset-password/{token} (decision 058): the link of the "Forgot password?" email. A new
 * password and its confirmation under the sign-up rules (the server adds the common-password
 * list); success says every session was signed out and offers 'Proceed to Login'; a used,
 * expired or wrong link shows the server's reason and a way to ask for a new one.
 */
import { href } from '@storefront/shared/routes';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api/api-client';
import { formRules, useForm } from '../../../lib/form';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { LinkOutcome, LinkPageStep } from '../components/link-page';
import { errorDetail } from '../lib/error-detail';

const resetRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.ResetPasswordForm),
);

function Failed({ message }: { message: string }) {
  return (
    <LinkOutcome
      done={false}
      title="Password not changed"
      message={message}
      action={{ to: href.auth(), label: 'Go to Login' }}
    />
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ rules: resetRules, defaultValues: { new_password: '', confirm_password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      setDone((await reset.mutateAsync({ token, new_password: values.new_password })).msg);
    } catch (error) {
      const message = errorDetail(error) ?? 'The password could not be changed. Try again.';
      // A refused link cannot be retried; a refused password can.
      if (error instanceof ApiError && error.code?.startsWith('reset_token_')) {
        setLinkRefused(message);
      } else setFormError(message);
    }
  });

  if (token.trim() === '')
    return (
      <Failed message="The reset link is missing its token. Open the whole link from the email." />
    );
  if (linkRefused) return <Failed message={linkRefused} />;
  if (done) {
    return (
      <LinkOutcome
        done
        title="Password changed"
        message={done}
        action={{ to: href.auth(), label: 'Proceed to Login' }}
      />
    );
  }
  return (
    <LinkPageStep
      icon={KeyRound}
      title="Choose a new password"
      lead="At least 8 characters with an uppercase and a lowercase letter, a number and a special character. Every session of your account will be signed out."
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-5 grid gap-4"
        aria-label="Set a new password"
      >
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </LinkPageStep>
  );
}

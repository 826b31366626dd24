/**
 * Joining the console through an invitation's one-time link, `/admin/setup#<token>` (decision
 * 043: the token is in the fragment, which no server or proxy logs). The page shows the second
 * factor to enrol (the QR code, and the secret as text for an app that cannot scan), takes the
 * member's name, a password (the buyers' rules, from the shared schema) and a first code, then
 * shows the recovery codes once before opening the console.
 */
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN } from '@storefront/shared/constants';
import {
  STAFF_ROLE_LABELS,
  StaffSetupCompleteBody,
  type StaffSetupStartResponse,
} from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { consolePaths } from '../../../paths';
import { useCompleteSetup } from '../api/complete-setup';
import { useStartSetup } from '../api/start-setup';
import { AuthCard } from '../components/auth-card';
import { RecoveryCodes } from '../components/recovery-codes';
import { fieldError } from '../lib/field-error';

type Field = 'fullName' | 'password' | 'confirmPassword' | 'code';

export function SetupPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const start = useStartSetup(token);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes)
    return (
      <AuthCard title="Save your recovery codes">
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => void navigate(consolePaths.dashboard, { replace: true })}
        />
      </AuthCard>
    );
  return (
    <AuthCard title="Set up your console account" wide={start.isSuccess}>
      {!token ? (
        <ErrorAlert title="This link is incomplete">
          Open the whole setup link from your invitation, including the part after the # sign.
        </ErrorAlert>
      ) : start.isPending ? (
        <Loading what="your invitation" rows={3} />
      ) : start.isError ? (
        <ErrorAlert title="This link does not work">
          {describeError(start.error) ?? 'Something went wrong.'}
        </ErrorAlert>
      ) : (
        <SetupForm token={token} invitation={start.data} onDone={setRecoveryCodes} />
      )}
    </AuthCard>
  );
}

function SetupForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: StaffSetupStartResponse;
  onDone: (recoveryCodes: string[]) => void;
}) {
  const complete = useCompleteSetup();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: '',
    password: '',
    confirmPassword: '',
    code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { shape } = StaffSetupCompleteBody;

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {
      fullName: fieldError(shape.fullName, values.fullName),
      password: fieldError(shape.password, values.password),
      confirmPassword:
        values.confirmPassword === values.password ? undefined : "Passwords don't match",
      code: fieldError(shape.code, values.code),
    };
    setErrors(found);
    setRefusal(null);
    const firstInvalid = (Object.keys(found) as Field[]).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      const { recoveryCodes } = await complete.mutateAsync({
        token,
        fullName: values.fullName,
        password: values.password,
        code: values.code,
      });
      onDone(recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setRefusal(describeError(error) ?? 'Could not finish setting up.');
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <section aria-labelledby="enrol-heading" className="grid content-start gap-3">
        <h2 id="enrol-heading" className="text-lg font-semibold">
          1. Add the console to your authenticator app
        </h2>
        <p className="text-sm text-slate-700">
          Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password or similar).
        </p>
        <img
          src={invitation.qrCode}
          alt={`QR code to add ${invitation.email} to an authenticator app`}
          width={192}
          height={192}
          className="size-48 rounded-md border border-slate-200 bg-white p-2"
        />
        <div className="grid gap-1 text-sm">
          <p className="text-slate-700">Cannot scan? Enter this key in the app instead:</p>
          <p
            data-testid="totp-secret"
            className="rounded-md bg-slate-100 px-3 py-2 font-mono tracking-wider break-words"
          >
            {invitation.totpSecret.replace(/(.{4})(?=.)/g, '$1 ')}
          </p>
        </div>
      </section>
      <section aria-labelledby="account-heading" className="grid content-start gap-4">
        <h2 id="account-heading" className="text-lg font-semibold">
          2. Choose your password
        </h2>
        <p className="text-sm text-slate-700">
          You are joining as <span className="font-medium">{invitation.email}</span>, role{' '}
          <span className="font-medium">{STAFF_ROLE_LABELS[invitation.role]}</span>.
        </p>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          {refusal ? <ErrorAlert title="Not set up yet">{refusal}</ErrorAlert> : null}
          <FormField label="Your name" autoComplete="name" {...field('fullName')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters, with an uppercase and a lowercase letter, a number and a special character.`}
            {...field('password')}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <FormField
            label="6-digit code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...field('code')}
          />
          <Button type="submit" size="lg" disabled={complete.isPending}>
            {complete.isPending ? 'Setting up…' : 'Finish setting up'}
          </Button>
        </form>
      </section>
    </div>
  );
}

/**
 * Sign-in to the console (decision 043): email and password, then the authenticator's 6-digit
 * code or one of the recovery codes. The server takes all of it in one call and never says
 * which part was wrong, so a refusal is shown on the second step with a way back to the first.
 * Each field is checked with the shared StaffLoginBody's own rules and messages first.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RecoveryCode, StaffLoginBody, TotpCode } from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { returnPath, type SignInReason } from '../../../paths';
import { useLogIn } from '../api/log-in';
import { AuthCard } from '../components/auth-card';
import { fieldError } from '../lib/field-error';

const REASONS: Record<SignInReason, string> = {
  expired: 'Your session has ended. Sign in again to carry on where you were.',
  signed_out: 'You have signed out.',
};

type Step = 'password' | 'second-factor';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const logIn = useLogIn();
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password' | 'code', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const reason = params.get('reason') as SignInReason | null;

  // Each step starts at its first field; a refused code is typed again.
  useEffect(() => {
    (step === 'password' ? emailInput : codeInput).current?.focus();
  }, [step, useRecovery, refusal]);

  const toSecondFactor = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: fieldError(StaffLoginBody.shape.email, email),
      password: fieldError(StaffLoginBody.shape.password, password),
    };
    setErrors(found);
    if (found.email) emailInput.current?.focus();
    else if (!found.password) {
      setRefusal(null);
      setStep('second-factor');
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    const codeError = fieldError(useRecovery ? RecoveryCode : TotpCode, code);
    setErrors({ code: codeError });
    if (codeError) {
      codeInput.current?.focus();
      return;
    }
    setRefusal(null);
    try {
      await logIn.mutateAsync({
        email,
        password,
        ...(useRecovery ? { recoveryCode: code } : { code }),
      });
      void navigate(returnPath(params.get('next')), { replace: true });
    } catch (error) {
      setCode('');
      if (error instanceof ApiError && error.fields) {
        setErrors({
          email: error.fields.email,
          password: error.fields.password,
          code: error.fields.code ?? error.fields.recoveryCode,
        });
      }
      setRefusal(describeError(error) ?? 'Could not sign in.');
    }
  };

  return (
    <AuthCard title="Sign in to the console">
      {reason && REASONS[reason] ? (
        <p role="status" className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
          {REASONS[reason]}
        </p>
      ) : null}
      {step === 'password' ? (
        <form noValidate onSubmit={toSecondFactor} className="grid gap-4" aria-label="Sign in">
          <FormField
            ref={emailInput}
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <Button type="submit" size="lg">
            Continue
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={signIn} className="grid gap-4" aria-label="Second factor">
          <p className="text-sm text-slate-600">
            Signing in as <span className="font-medium text-slate-900">{email}</span>.
          </p>
          {refusal ? <ErrorAlert title="Not signed in">{refusal}</ErrorAlert> : null}
          {useRecovery ? (
            <FormField
              key="recovery"
              ref={codeInput}
              label="Recovery code"
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              hint="One of the codes you saved when you set up your account. Each works once."
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code}
            />
          ) : (
            <FormField
              key="code"
              ref={codeInput}
              label="6-digit code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              hint="From the authenticator app on your phone."
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code}
            />
          )}
          <Button type="submit" size="lg" disabled={logIn.isPending}>
            {logIn.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              variant="link"
              size="inline"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode('');
                setErrors({});
              }}
            >
              {useRecovery ? 'Use the code from your app' : 'Use a recovery code instead'}
            </Button>
            <Button
              variant="link"
              size="inline"
              onClick={() => {
                setStep('password');
                setCode('');
                setErrors({});
                setRefusal(null);
              }}
            >
              Change email or password
            </Button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * /verify-email/{token} (spec §2 "Email verification", §4, §8): 'Verifying your email...',
 * then 'Verification Successful' with the server's message and 'Proceed to Login', or
 * 'Verification Failed' with the reason and 'Go to Homepage'. A 'token=' prefix is dropped;
 * a link without a token fails at once, with the spec's two texts.
 */
import { href, verificationTokenFromPath } from '@storefront/shared/routes';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useVerifyEmail } from '../api/verify-email';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {children}
      </div>
    </div>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <Card>
      <CircleX aria-hidden="true" className="mx-auto size-12 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification Failed</h1>
      <p role="alert" className="mt-2 text-slate-600">
        {message}
      </p>
      <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to Homepage
      </Link>
    </Card>
  );
}

export function VerifyEmailPage() {
  useDocumentTitle('Email verification');
  const { token: raw } = useParams();
  const token = raw === undefined ? '' : verificationTokenFromPath(raw);
  const verification = useVerifyEmail(token);

  if (raw === undefined) return <Failed message="Invalid verification link or token missing." />;
  if (token === '') return <Failed message="No verification token provided." />;
  if (verification.isError) return <Failed message={verification.error.message} />;
  if (verification.isPending) {
    return (
      <Card>
        <div role="status" className="grid justify-items-center gap-4">
          <LoaderCircle aria-hidden="true" className="size-12 animate-spin text-blue-600" />
          <p className="text-lg font-medium text-slate-800">Verifying your email...</p>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification Successful</h1>
      <p role="status" className="mt-2 text-slate-600">
        {verification.data}
      </p>
      <Link to={href.auth()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Proceed to Login
      </Link>
    </Card>
  );
}

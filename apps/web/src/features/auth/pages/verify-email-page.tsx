/**
 * /verify-email/{token} (spec §2 "Email verification", §4, §8): 'Verifying your email...',
 * then 'Verification Successful' with the server's message and 'Proceed to Login', or
 * 'Verification Failed' with the reason and 'Go to Homepage'. A 'token=' prefix is dropped;
 * a link without a token fails at once, with the spec's two texts.
 */
import { href, verificationTokenFromPath } from '@storefront/shared/routes';
import { LoaderCircle } from 'lucide-react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useVerifyEmail } from '../api/verify-email';
import { LinkOutcome, LinkPageCard } from '../components/link-page';

function Failed({ message }: { message: string }) {
  return (
    <LinkOutcome
      done={false}
      title="Verification Failed"
      message={message}
      action={{ to: href.home(), label: 'Go to Homepage' }}
    />
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
      <LinkPageCard>
        <div role="status" className="grid justify-items-center gap-4 text-center">
          <LoaderCircle aria-hidden="true" className="size-12 animate-spin text-blue-600" />
          <p className="text-lg font-medium text-slate-800">Verifying your email...</p>
        </div>
      </LinkPageCard>
    );
  }
  return (
    <LinkOutcome
      done
      title="Verification Successful"
      message={verification.data}
      action={{ to: href.auth(), label: 'Proceed to Login' }}
    />
  );
}

/**
 * /change-email/{token} (decision 067): the link mailed to the new address of an email change.
 * Opening it changes nothing by itself (a mail scanner may open links): the buyer confirms with
 * one button. Success gives the server's message and the way on; a used, expired or wrong link,
 * or an address taken meanwhile, shows the server's reason.
 */
import { href } from '@storefront/shared/routes';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { LinkOutcome, LinkPageStep } from '../components/link-page';
import { errorDetail } from '../lib/error-detail';

const MISSING_TOKEN = 'The link is missing its token. Open the whole link from the email.';

export function ChangeEmailPage() {
  useDocumentTitle('Confirm your new email');
  const { token = '' } = useParams();
  const { user } = useSession();
  const confirm = useConfirmEmailChange();
  const [refused, setRefused] = useState<string | null>(null);
  const next = user
    ? { to: href.profile(), label: 'Go to your profile' }
    : { to: href.auth(), label: 'Proceed to Login' };

  const refusal = token.trim() === '' ? MISSING_TOKEN : refused;
  if (refusal)
    return (
      <LinkOutcome
        done={false}
        title="Email not changed"
        message={refusal}
        action={user ? next : { to: href.home(), label: 'Go to Homepage' }}
      />
    );
  if (confirm.isSuccess)
    return <LinkOutcome done title="Email changed" message={confirm.data.msg} action={next} />;
  return (
    <LinkPageStep
      icon={MailCheck}
      title="Confirm your new email"
      lead="Your account moves to the address this link was sent to. From then on, log in with it."
    >
      <Button
        size="lg"
        className="mt-6 w-full"
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(
            { token },
            {
              onError: (error) =>
                setRefused(errorDetail(error) ?? 'The email could not be changed. Try again.'),
            },
          )
        }
      >
        {confirm.isPending ? 'Confirming...' : 'Use this email address'}
      </Button>
    </LinkPageStep>
  );
}

/**
 * The Email part of the Profile tab (decision 067): the address the account logs in with, and
 * a button opening the change-email form (its code loads on that click). After a request it
 * says where the link went; the address shown changes only once the link is used.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

const ChangeEmailForm = lazy(async () => ({
  default: (await import('./change-email-form')).ChangeEmailForm,
}));

export function EmailSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section aria-labelledby="email-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        Email
      </h2>
      <p className="mt-1 text-sm break-words text-slate-600">
        You log in with <span className="font-medium text-slate-900">{email}</span>. A new address
        takes effect once you open the link we send there.
      </p>
      {sent ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-blue-50 p-3 text-sm break-words text-blue-900"
        >
          {sent}
        </p>
      ) : null}
      <div className="mt-4">
        {open ? (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <ChangeEmailForm
              onSent={(message) => {
                setSent(message);
                setOpen(false);
              }}
              onCancel={() => setOpen(false)}
            />
          </Suspense>
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            Change email
          </Button>
        )}
      </div>
    </section>
  );
}

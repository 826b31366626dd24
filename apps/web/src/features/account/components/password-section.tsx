/**
 * The Password part of the Profile tab: a button that opens the change-password form, whose
 * code (and the form libraries) load on that click, not with the profile page.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

const ChangePasswordForm = lazy(async () => ({
  default: (await import('./change-password-form')).ChangePasswordForm,
}));

export function PasswordSection() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="password-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it logs you out everywhere else.</p>
      <div className="mt-4">
        {open ? (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <ChangePasswordForm onDone={() => setOpen(false)} />
          </Suspense>
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            Change password
          </Button>
        )}
      </div>
    </section>
  );
}

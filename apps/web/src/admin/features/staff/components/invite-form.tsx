/**
 * Invite a member: email and role. The answer's setup link is shown here once, with a copy
 * button; the owner sends it to the person (the server never shows it again).
 */
import { Check, Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  StaffInviteBody,
  type StaffRole,
} from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { describeError } from '../../../../lib/api/error-message';
import { useInviteStaff } from '../api/invite-staff';

export function InviteForm() {
  const invite = useInviteStaff();
  const [emailError, setEmailError] = useState<string>();
  const [copied, setCopied] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = StaffInviteBody.safeParse({
      email: String(data.get('email') ?? ''),
      role: String(data.get('role') ?? '') as StaffRole,
    });
    if (!result.success) {
      setEmailError(result.error.issues[0]?.message);
      form.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    setEmailError(undefined);
    setCopied(false);
    invite.mutate(result.data, { onSuccess: () => form.reset() });
  };

  const copy = async (link: string) => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };

  return (
    <div className="grid gap-4">
      <form
        noValidate
        aria-label="Invite a member"
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField label="Email" type="email" name="email" autoComplete="off" error={emailError} />
        <div className="grid gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id="invite-role"
            name="role"
            defaultValue="fulfilment"
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="sm:mt-6.5" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
      </form>
      {invite.isError ? (
        <ErrorAlert title="Not invited">{describeError(invite.error)}</ErrorAlert>
      ) : null}
      {invite.data ? (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm"
        >
          <p className="font-medium text-green-900">
            {invite.data.invitation.email} is invited as{' '}
            {STAFF_ROLE_LABELS[invite.data.invitation.role]}. Send them this setup link: it is shown
            only now, works once, and expires in 48 hours.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="setup-link"
              className="min-w-0 flex-1 rounded bg-white px-2 py-1.5 break-all ring-1 ring-green-200"
            >
              {invite.data.setupUrl}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copy(invite.data.setupUrl)}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

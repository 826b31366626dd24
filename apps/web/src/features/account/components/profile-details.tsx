/** The Profile tab (spec §2 "Profile"): the account's details, read-only. */
import type { SessionUser } from '../../../lib/contexts/session';

const FIELDS: readonly { label: string; value: (user: SessionUser) => string }[] = [
  { label: 'Full Name', value: (user) => user.name },
  { label: 'Email', value: (user) => user.email },
  { label: 'Phone', value: (user) => user.phone },
  { label: 'Company', value: (user) => user.companyName },
  { label: 'City', value: (user) => user.city },
  { label: 'GST Number', value: (user) => user.gstNumber },
];

export function ProfileDetails({ user }: { user: SessionUser }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {FIELDS.map(({ label, value }) => (
        <div key={label} className="grid gap-1">
          <dt className="text-sm font-medium text-slate-500">{label}</dt>
          <dd className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-900 break-words">
            {value(user) || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

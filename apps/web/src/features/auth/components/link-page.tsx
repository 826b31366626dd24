/**
 * The one shell of the pages an emailed link opens (decision 067): /verify-email, /reset-password
 * and /change-email. A centred card on a chromeless page; an outcome (done or refused) is an icon,
 * a heading, the server's words and one way on. Each page keeps only its own steps and texts.
 */
import { CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

export function LinkPageCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

/** A page's form step: its icon, heading and lead, then the form. */
export function LinkPageStep({
  icon: Icon,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <LinkPageCard>
      <Icon aria-hidden="true" className="size-10 text-blue-600" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-1 text-sm break-words text-slate-600">{lead}</div>
      {children}
    </LinkPageCard>
  );
}

/**
 * Where a link ended: done (its message a status) or refused (its message an alert), with the
 * one link onwards.
 */
export function LinkOutcome({
  done,
  title,
  message,
  action,
}: {
  done: boolean;
  title: string;
  message: string;
  action: { to: string; label: string };
}) {
  const Icon = done ? CircleCheck : CircleX;
  return (
    <LinkPageCard>
      <div className="text-center">
        <Icon
          aria-hidden="true"
          className={`mx-auto size-12 ${done ? 'text-green-600' : 'text-red-600'}`}
        />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p role={done ? 'status' : 'alert'} className="mt-2 break-words text-slate-600">
          {message}
        </p>
        <Link to={action.to} className={buttonClasses('primary', 'md', 'mt-6')}>
          {action.label}
        </Link>
      </div>
    </LinkPageCard>
  );
}

import { ChevronDown } from 'lucide-react';

export const ACCOUNT_TRIGGER_CLASS =
  'flex flex-col items-start rounded px-2 py-1 text-left leading-tight hover:outline hover:outline-1 hover:outline-white focus-visible:outline-2 focus-visible:outline-amber-400';

export function greetingFor(name: string | undefined): string {
  return name ? `Hello, ${name}` : 'Hello, Sign in';
}

/** The greeting over 'Account & Lists' (spec §2), inside the account menu's trigger. */
export function AccountLabel({ name }: { name: string | undefined }) {
  return (
    <>
      <span className="text-xs text-slate-300">{greetingFor(name)}</span>
      <span className="sr-only">, </span>
      <span className="flex items-center gap-1 text-sm font-bold">
        Account &amp; Lists
        <ChevronDown aria-hidden="true" className="size-3.5" />
      </span>
    </>
  );
}

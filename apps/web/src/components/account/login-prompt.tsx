/**
 * What a signed-out visitor sees on a page that needs an account (spec §6): the reason and a
 * Login link that brings them back here afterwards (docs/product-decisions.md #4).
 */
import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { href } from '@storefront/shared/routes';
import { buttonClasses } from '../ui/button';

export function LoginPrompt({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
      <LogIn aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{message}</p>
      <Link
        to={href.auth({ returnUrl: `${pathname}${search}` })}
        className={buttonClasses('primary', 'md', 'mt-6')}
      >
        Login
      </Link>
    </div>
  );
}

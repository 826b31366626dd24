/**
 * Pages that need an account (spec §6, §8). A signed-out visitor sees the reason and a Login
 * link that brings them back here afterwards (docs/product-decisions.md #4). A page of the
 * buyer's own data shows, once they are signed in, its query's error, its loading placeholder
 * or the data. Both in one module, so the pages that use either load them as one chunk.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { href } from '@storefront/shared/routes';
import { useSession } from '../../lib/contexts/session';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';

export function LoginPrompt({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <LogIn aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{message}</p>
      <Link
        to={href.auth({ returnUrl: `${pathname}${search}` })}
        className={buttonClasses('primary', 'md', 'mt-6')}
      >
        Login
      </Link>
    </Card>
  );
}

/**
 * The states of a page of the signed-in buyer's own data: the loading placeholder while a stored
 * session's user is still being fetched (a signed-in buyer never sees the login prompt flash),
 * the login prompt for a visitor (whose query is disabled, so nothing is fetched), then the
 * query's error, its loading placeholder, or `children` with the data.
 */
export function SignedInQuery<T>({
  query,
  loginMessage,
  loading,
  error,
  children,
}: {
  query: UseQueryResult<T>;
  loginMessage: string;
  loading: ReactNode;
  error: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { user, isLoading } = useSession();
  if (isLoading) return loading;
  if (!user) return <LoginPrompt message={loginMessage} />;
  if (query.isError) return error(query.error);
  if (query.isPending) return loading;
  return children(query.data);
}

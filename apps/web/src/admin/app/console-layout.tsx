/**
 * The console's frame for signed-in members: who is signed in, the sections their role may
 * use, and sign-out. It asks the server who is signed in before drawing a page; without a
 * session it goes to the sign-in page, carrying where the member was going. When any later call
 * finds the session ended (idle for 30 minutes, 12 hours old, ended elsewhere), it goes there
 * too, saying so, and returns to the same page after signing in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { STAFF_ROLE_LABELS } from '@storefront/shared/staff';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { describeError } from '../../lib/api/error-message';
import { ErrorAlert } from '../../components/ui/alert';
import { Loading } from '../components/loading';
import { useLogOut } from '../lib/log-out';
import { RouteFocusContext, type RouteFocus } from '../lib/route-focus';
import { sessionQuery, StaffMemberContext } from '../lib/session';
import { isSessionEnded, onSessionEnded } from '../lib/staff-client';
import { consoleHref, consolePaths, sectionsFor } from '../paths';

export function ConsoleLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once signed out, the frame asks nothing more: the emptied cache would otherwise ask who is
  // signed in again, and its 401 would read as a session that ran out.
  const [signedOut, setSignedOut] = useState(false);
  const session = useQuery({ ...sessionQuery(), enabled: !signedOut });
  const logOut = useLogOut();
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  const signedOutRef = useRef(false);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);

  useEffect(
    () =>
      onSessionEnded(() => {
        if (signedOutRef.current) return;
        const wasSignedIn = queryClient.getQueryData(sessionQuery().queryKey) !== undefined;
        queryClient.clear();
        void navigate(
          consoleHref.login({
            next: hereRef.current,
            ...(wasSignedIn ? { reason: 'expired' } : {}),
          }),
          { replace: true },
        );
      }),
    [navigate, queryClient],
  );

  // Focus moves to the new page's heading after a navigation, never on the first page. A layout
  // effect, so it is set before the page heading's own (passive) effect claims it.
  const focusPending = useRef(false);
  const lastPath = useRef(location.pathname);
  useLayoutEffect(() => {
    if (location.pathname === lastPath.current) return;
    lastPath.current = location.pathname;
    focusPending.current = true;
  }, [location.pathname]);
  const routeFocus = useMemo<RouteFocus>(
    () => ({
      claim: () => {
        const pending = focusPending.current;
        focusPending.current = false;
        return pending;
      },
    }),
    [],
  );

  if (signedOut) return null;
  if (session.isPending)
    return (
      <div className="mx-auto max-w-md p-8">
        <Loading what="the console" rows={3} />
      </div>
    );
  if (session.isError) {
    if (isSessionEnded(session.error))
      return <Navigate to={consoleHref.login({ next: here })} replace />;
    return (
      <div className="mx-auto max-w-md p-8">
        <ErrorAlert title="Could not open the console">
          {describeError(session.error) ?? 'Something went wrong.'}
        </ErrorAlert>
      </div>
    );
  }

  const member = session.data.staff;
  const signOut = () =>
    logOut.mutate(undefined, {
      onSuccess: () => {
        signedOutRef.current = true;
        setSignedOut(true);
        queryClient.clear();
        void navigate(consoleHref.login({ reason: 'signed_out' }), { replace: true });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sign out',
          description: describeError(error),
        }),
    });

  return (
    <StaffMemberContext value={member}>
      <RouteFocusContext value={routeFocus}>
        <div className="min-h-screen bg-slate-50 text-slate-900 lg:flex">
          <a
            href="#main"
            className="sr-only z-50 rounded bg-white px-4 py-2 text-blue-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <header className="bg-slate-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:flex-col">
            <div className="flex items-center justify-between gap-3 px-4 pt-3 lg:block lg:py-5">
              <p className="font-semibold whitespace-nowrap">
                <span className="text-amber-400">Storefront</span> Console
              </p>
              <SignOutButton pending={logOut.isPending} onClick={signOut} className="lg:hidden" />
            </div>
            <p className="truncate px-4 pb-2 text-sm text-slate-300 lg:hidden">
              {member.fullName} · {STAFF_ROLE_LABELS[member.role]}
            </p>
            <nav aria-label="Console" className="lg:flex-1">
              <ul className="flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-col lg:overflow-visible lg:px-3">
                {sectionsFor(member.role).map((section) => (
                  <li key={section.key} className="shrink-0">
                    <NavLink
                      to={section.path}
                      end={section.path === consolePaths.dashboard}
                      className={({ isActive }) =>
                        cn(
                          'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                          isActive
                            ? 'bg-white text-slate-900'
                            : 'text-slate-200 hover:bg-white/10 hover:text-white',
                        )
                      }
                    >
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="hidden gap-3 border-t border-white/10 p-4 text-sm lg:grid">
              {/* min-w-0: a grid item is otherwise as wide as its longest line, and a long
                  address would run out of the sidebar instead of being cut short. */}
              <div className="min-w-0">
                <p className="truncate font-medium">{member.fullName}</p>
                <p className="truncate text-slate-300" title={member.email}>
                  {member.email}
                </p>
                <p className="text-slate-300">Role: {STAFF_ROLE_LABELS[member.role]}</p>
              </div>
              <SignOutButton pending={logOut.isPending} onClick={signOut} />
            </div>
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8"
          >
            <Suspense fallback={<Loading what="the page" />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </RouteFocusContext>
    </StaffMemberContext>
  );
}

function SignOutButton({
  pending,
  onClick,
  className,
}: {
  pending: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      disabled={pending}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 justify-self-start rounded-md border border-white/30 px-3 py-1.5 text-sm font-medium text-white hover:bg-white/10 disabled:opacity-60',
        className,
      )}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

/**
 * Provides lib/contexts/session to the app (spec §4 "Session" and "Auth"): the user of the
 * ['/api/user'] query while an access token is stored, Sign Out with the spec's toasts (§8), and
 * the forced logout: when the API client ends the session, the cached user is emptied, all
 * cached data invalidated and the browser sent to /auth?sessionExpired=true.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { href } from '@storefront/shared/routes';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/use-toast';
import { onSessionExpired } from '../lib/api/auth-client';
import { useAccessToken } from '../lib/api/auth-tokens';
import {
  currentUserQueryOptions,
  forgetSession,
  logOut,
  toSessionUser,
} from '../lib/api/current-user';
import { SessionContext, type Session } from '../lib/contexts/session';

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const token = useAccessToken();
  const signedIn = token !== null;
  const { data, isLoading } = useQuery(currentUserQueryOptions(signedIn));

  useEffect(
    () =>
      onSessionExpired(() => {
        void forgetSession(client);
        void navigate(href.auth({ sessionExpired: true }));
      }),
    [client, navigate],
  );

  const signOut = useCallback(async () => {
    try {
      await logOut();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: error instanceof Error ? error.message : undefined,
      });
      return;
    }
    await forgetSession(client);
    toast({ title: 'Logged out', description: 'You have been successfully logged out' });
  }, [client]);

  const session = useMemo<Session>(
    () => ({
      // A token removed in another tab signs this one out too, whatever is still cached.
      user: signedIn && data ? toSessionUser(data) : null,
      isLoading: signedIn && isLoading,
      signOut,
    }),
    [signedIn, data, isLoading, signOut],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}

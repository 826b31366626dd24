/**
 * The session boundary of the header, the product page and the account screens. The app's
 * session provider (app/session-provider.tsx) renders <SessionContext value={...}> with the
 * signed-in user from the ['/api/user'] query; outside it, the visitor is logged out.
 */
import { createContext, useContext } from 'react';

/**
 * Spec §3 "Session user view", and the rest of the business address (issue 21: the checkout
 * prefills the billing details with it; '' where the account has none).
 */
export interface SessionUser {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  city: string;
  gstNumber: string;
  businessStreet: string;
  businessState: string;
  pincode: string;
}

export interface Session {
  user: SessionUser | null;
  /** True while a stored token's user is still being fetched: not yet known to be signed in. */
  isLoading: boolean;
  signOut: () => void | Promise<void>;
}

export const LOGGED_OUT: Session = { user: null, isLoading: false, signOut: () => undefined };

export const SessionContext = createContext<Session>(LOGGED_OUT);

export function useSession(): Session {
  return useContext(SessionContext);
}

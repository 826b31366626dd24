/**
 * Focus after a navigation inside the console: the frame marks that the route changed, and the
 * next page heading to mount (or the same heading on a new path) takes the focus, so a screen
 * reader announces the new page and Tab starts from it. Lazy pages mount late, hence the claim
 * rather than focusing at once.
 */
import { createContext, useContext } from 'react';

export interface RouteFocus {
  /** True once after each navigation: the caller should take focus. */
  claim: () => boolean;
}

export const RouteFocusContext = createContext<RouteFocus>({ claim: () => false });

export function useRouteFocus(): RouteFocus {
  return useContext(RouteFocusContext);
}

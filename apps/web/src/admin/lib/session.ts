/**
 * GET /api/staff/session: the signed-in member. The console frame reads it once; sign-in and
 * setup put their answer in its place, so the frame opens without asking again.
 */
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { StaffSessionResponse, type StaffMember } from '@storefront/shared/staff';
import { staffRequest } from './staff-client';

export const sessionQueryKey = ['staff', 'session'] as const;

export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => staffRequest('/api/staff/session', StaffSessionResponse, { signal }),
    // The frame's sign-in check: an answer is good until a call says the session has ended.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The member the console frame has signed in; pages inside the frame read it. */
export const StaffMemberContext = createContext<StaffMember | null>(null);

export function useStaffMember(): StaffMember {
  const member = useContext(StaffMemberContext);
  if (!member) throw new Error('useStaffMember is used outside the console frame');
  return member;
}

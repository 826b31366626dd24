/** GET /api/staff/dashboard: the day's, week's and month's orders and sales (any member). */
import { useQuery } from '@tanstack/react-query';
import { DashboardResponse } from '@storefront/shared/staff-dashboard';
import { staffRequest } from '../../../lib/staff-client';

export function useDashboard() {
  return useQuery({
    queryKey: ['staff', 'dashboard'],
    queryFn: ({ signal }) => staffRequest('/api/staff/dashboard', DashboardResponse, { signal }),
  });
}

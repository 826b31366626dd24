/** GET /api/staff/settings (owner, finance): the store's settings and what the registration lacks. */
import { useQuery } from '@tanstack/react-query';
import { StoreSettingsView } from '@storefront/shared/store-settings';
import { staffRequest } from '../../../lib/staff-client';

export const settingsKey = ['staff', 'settings'] as const;

export function useStoreSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => staffRequest('/api/staff/settings', StoreSettingsView, { signal }),
  });
}

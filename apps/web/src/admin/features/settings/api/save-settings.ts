/**
 * PUT /api/staff/settings (owner): the whole settings, checked with the same shared schema; the
 * answer is the saved settings with what the registration still lacks.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StoreSettingsView, type StoreSettingsBody } from '@storefront/shared/store-settings';
import { staffRequest } from '../../../lib/staff-client';
import { settingsKey } from './get-settings';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSettingsBody) =>
      staffRequest('/api/staff/settings', StoreSettingsView, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProtectionSettings, ProtectionSettingsPatch, ProtectionStatus } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** The status banner re-checks this often (spec section 9). */
export const STATUS_REFRESH_MS = 10_000;

/** `GET /api/protection-settings` as a query, for code outside a component too. */
export const protectionSettingsQuery = queryOptions({
  queryKey: queryKeys.protectionSettings,
  queryFn: () => api.get<ProtectionSettings>(API.getProtectionSettings.path),
});

/** Per-channel protection switches. */
export function useProtectionSettings() {
  return useQuery(protectionSettingsQuery);
}

/** Sends only the changed boolean and stores the server's answer. */
export function useUpdateProtectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProtectionSettingsPatch) =>
      api.patch<ProtectionSettings>(API.patchProtectionSettings.path, patch),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.protectionSettings, settings),
  });
}

/** What drives the status banner: phishing found in the last 24 hours or not. */
export function useProtectionStatus() {
  return useQuery({
    queryKey: queryKeys.protectionStatus,
    queryFn: () => api.get<ProtectionStatus>(API.protectionStatus.path),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

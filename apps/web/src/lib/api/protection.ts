import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProtectionSettings, ProtectionSettingsPatch, ProtectionStatus } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** The status banner re-checks this often (spec section 9). */
export const STATUS_REFRESH_MS = 10_000;

/** Per-channel protection switches. */
export function useProtectionSettings() {
  return useQuery({
    queryKey: queryKeys.protectionSettings,
    queryFn: () => api.get<ProtectionSettings>(API.getProtectionSettings.path),
  });
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesPatch } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

const MUTATION_KEY = ['patch-notification-preferences'] as const;

/** The visitor's notification types, channels and sensitivity, kept on the server. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: () => api.get<NotificationPreferences>(API.getNotificationPreferences.path),
  });
}

/** `prefs` with `patch` applied. */
export function applyNotificationPatch(prefs: NotificationPreferences, patch: NotificationPreferencesPatch): NotificationPreferences {
  return {
    types: { ...prefs.types, ...patch.types },
    channels: { ...prefs.channels, ...patch.channels },
    sensitivity: patch.sensitivity ?? prefs.sensitivity,
  };
}

/** `current` with the fields named in `patch` set back to their values in `previous`. */
function revertNotificationPatch(
  current: NotificationPreferences,
  patch: NotificationPreferencesPatch,
  previous: NotificationPreferences,
): NotificationPreferences {
  const types = { ...current.types };
  for (const key of Object.keys(patch.types ?? {}) as Array<keyof NotificationPreferences['types']>) types[key] = previous.types[key];
  const channels = { ...current.channels };
  for (const key of Object.keys(patch.channels ?? {}) as Array<keyof NotificationPreferences['channels']>) {
    channels[key] = previous.channels[key];
  }
  return { types, channels, sensitivity: patch.sensitivity === undefined ? current.sensitivity : previous.sensitivity };
}

interface UpdateCallbacks {
  onSuccess?: (prefs: NotificationPreferences, patch: NotificationPreferencesPatch) => void;
  onError?: (error: Error, patch: NotificationPreferencesPatch) => void;
}

/**
 * Sends only what changed. The controls show the change at once; on failure only the fields of
 * the failed change go back to the server's value (another change may have succeeded meanwhile)
 * and the preferences are read again. The callbacks are the mutation's own, so they still run when
 * the tab was left before the answer came (a debounced slider change).
 */
export function useUpdateNotificationPreferences({ onSuccess, onError }: UpdateCallbacks = {}) {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationPreferences;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: (patch: NotificationPreferencesPatch) =>
      api.patch<NotificationPreferences>(API.patchNotificationPreferences.path, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreferences>(key);
      if (previous) queryClient.setQueryData(key, applyNotificationPatch(previous, patch));
      return { previous };
    },
    onSuccess: (prefs, patch) => {
      // While another change is in flight, this answer predates it: keep the optimistic value.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) queryClient.setQueryData(key, prefs);
      onSuccess?.(prefs, patch);
    },
    onError: (error, patch, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<NotificationPreferences>(key, (current) =>
          current ? revertNotificationPatch(current, patch, previous) : current,
        );
      }
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
      onError?.(error, patch);
    },
  });
}

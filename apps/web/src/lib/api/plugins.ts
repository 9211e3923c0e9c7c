import { useQuery } from '@tanstack/react-query';
import type { PluginList } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** The source plugins installed on the server, keyed by plugin id (`{}` when none is installed). */
export function usePlugins() {
  return useQuery({
    queryKey: queryKeys.plugins,
    queryFn: () => api.get<PluginList>(API.listPlugins.path),
  });
}

import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EmailCredentials, PluginId, PluginList, PluginMessageList, PluginsChanged } from '@baitcheck/contracts';
import { API_ROUTES as API, PLUGIN_MESSAGES_DEFAULT_LIMIT, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** A plugin's latest messages; under the plugins' key, so whatever refreshes the plugins refreshes them too. */
export const pluginMessagesKey = (id: PluginId) => [...queryKeys.plugins, 'messages', id] as const;

/**
 * What a plugin brought in was scanned into History on the server, out of this page's sight: the
 * History lists and the dashboard are marked out of date (read again when next shown, not now).
 */
function markHistoryStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.messages, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: queryKeys.messageStats, refetchType: 'none' });
}

/**
 * The person's source plugins, keyed by plugin id (`{}` when none is installed). `pollMs`: read
 * again that often while set (the SMS plugin waiting for its confirming text).
 */
export function usePlugins({ pollMs }: { pollMs?: number } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.plugins,
    queryFn: async () => {
      const plugins = await api.get<PluginList>(API.listPlugins.path);
      markHistoryStale(queryClient);
      return plugins;
    },
    ...(pollMs ? { refetchInterval: pollMs } : {}),
  });
}

/** A plugin's latest messages, newest first (spec: limit 20); read afresh each time the list is shown. */
export function usePluginMessages(id: PluginId, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: pluginMessagesKey(id),
    queryFn: async () => {
      const list = await api.get<PluginMessageList>(`${buildPath(API.pluginMessages.path, { id })}?limit=${PLUGIN_MESSAGES_DEFAULT_LIMIT}`);
      markHistoryStale(queryClient);
      return list.messages;
    },
    enabled,
    refetchOnMount: 'always',
  });
}

const post = (route: { path: string }, id: PluginId, body?: unknown) => api.post<PluginsChanged>(buildPath(route.path, { id }), body);

/** Turns a connected plugin on. */
export const enablePlugin = (id: PluginId) => post(API.enablePlugin, id);
/** Turns a plugin off; its settings stay. */
export const disablePlugin = (id: PluginId) => post(API.disablePlugin, id);
/** Saves a plugin's field map (spec section 3: the fields of its type). */
export const configurePlugin = (id: PluginId, fields: Record<string, string | boolean>) => post(API.configurePlugin, id, fields);
/** Signs in to the email inbox: the server logs in over IMAP before keeping anything. */
export const authEmailPlugin = (credentials: EmailCredentials) => post(API.authPlugin, 'email', credentials);
/** Forgets a plugin's settings and secret; what it brought in stays in History. */
export const disconnectPlugin = (id: PluginId) => post(API.disconnectPlugin, id);

/** Shows the plugins the server answered a change with (spec: the list is refreshed), and their messages afresh. */
export function showChangedPlugins(queryClient: QueryClient, changed: PluginsChanged, id: PluginId) {
  queryClient.setQueryData(queryKeys.plugins, changed.plugins);
  void queryClient.invalidateQueries({ queryKey: pluginMessagesKey(id) });
  markHistoryStale(queryClient);
}

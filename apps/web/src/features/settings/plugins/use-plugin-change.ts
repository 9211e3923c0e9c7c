import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PluginId, PluginsChanged } from '@baitcheck/contracts';
import { toast } from '@/components/ui/toast-store';
import { readAuthError, type AuthError } from '@/lib/api/auth';
import { showChangedPlugins } from '@/lib/api/plugins';
import { queryKeys } from '@/lib/api/query-keys';

/** A toast's words, fixed or by what was asked (on or off). */
type Wording<V> = string | ((variables: V) => string) | undefined;

const say = <V>(wording: Wording<V>, variables: V) => (typeof wording === 'function' ? wording(variables) : wording);

/**
 * A change of one plugin (configure, sign in, enable, disable, disconnect): the list shows the
 * plugins the server answered with and the spec's toast; a failure gives the spec's destructive
 * toast (none without `failed`: the dialog says it), and `error` keeps the server's own sentence (what to do) for the screen to show beside
 * the control. The list is read again after a failure: it may have changed elsewhere.
 */
export function usePluginChange<V>(
  id: PluginId,
  change: (variables: V) => Promise<PluginsChanged>,
  text: { done?: Wording<V>; failed?: Wording<V> },
  onDone?: (changed: PluginsChanged, variables: V) => void,
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<AuthError | null>(null);
  const mutation = useMutation({
    mutationFn: change,
    onMutate: () => setError(null),
    onSuccess: (changed, variables) => {
      showChangedPlugins(queryClient, changed, id);
      const done = say(text.done, variables);
      if (done) toast({ title: done });
      onDone?.(changed, variables);
    },
    onError: (caught, variables) => {
      console.error(caught);
      setError(readAuthError(caught));
      const failed = say(text.failed, variables);
      if (failed) toast({ title: 'Error', description: failed, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.plugins, exact: true });
    },
  });
  return { ...mutation, error, clearError: () => setError(null) };
}

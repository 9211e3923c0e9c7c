import { Plug } from 'lucide-react';
import { AccountNeededNotice } from '@/components/account-needed-notice';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import { usePlugins } from '@/lib/api/plugins';
import { useCurrentUser } from '@/lib/api/auth';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { PluginRow } from './plugin-row';

/**
 * Settings → Plugins (spec section 2): each source plugin with its switch, its configuration
 * dialog and what it received; 'No plugins found' when the server lists none.
 */
export function PluginsTab() {
  const plugins = usePlugins();
  const me = useCurrentUser();

  if (plugins.isPending) {
    return <SkeletonList label="Loading plugins" items={['h-20', 'h-20']} />;
  }
  if (plugins.isError) {
    return <LoadError error={plugins.error} message="Could not load your plugins." onRetry={() => void plugins.refetch()} retrying={plugins.isFetching} />;
  }

  const list = Object.values(plugins.data);
  if (list.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center">
        <Plug aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <h2 className="font-semibold text-slate-900">{PLUGIN_TEXT.empty}</h2>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      {me.data?.kind === 'guest' ? <AccountNeededNotice title="Create an account to connect a source" why="A connected source goes on being checked, so it needs an account you can always come back to, to change or stop it." /> : null}
      <Card className="px-4 py-1">
        <h2 className="pt-3 text-base font-semibold text-slate-900">Plugins</h2>
        <p className="text-sm text-slate-600">Connect a source once: every message that arrives there is checked and kept in your History.</p>
        <ul className="divide-y divide-slate-100">
          {list.map((plugin) => (
            <li key={plugin.id}>
              <PluginRow plugin={plugin} canConnect={me.data?.kind !== 'guest'} />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}


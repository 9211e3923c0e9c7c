import { useId } from 'react';
import { Hash, Mail, MessageSquare, Plug, Share2 } from 'lucide-react';
import type { Plugin } from '@baitcheck/contracts';
import { usePlugins } from '@/lib/api/plugins';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { SkeletonList } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';

const ICON = 'h-5 w-5';

const TYPE_LABELS: Record<Plugin['type'], string> = {
  sms: 'SMS',
  email: 'Email',
  social: 'Social media',
  'social-media': 'Social media',
  slack: 'Slack',
};

function PluginIcon({ type }: { type: Plugin['type'] }) {
  switch (type) {
    case 'sms':
      return <MessageSquare aria-hidden="true" className={ICON} />;
    case 'email':
      return <Mail aria-hidden="true" className={ICON} />;
    case 'slack':
      return <Hash aria-hidden="true" className={ICON} />;
    default:
      return <Share2 aria-hidden="true" className={ICON} />;
  }
}

export function PluginsTab() {
  const plugins = usePlugins();

  if (plugins.isPending) {
    return <SkeletonList label="Loading plugins" items={['h-20', 'h-20']} />;
  }
  if (plugins.isError) {
    return (
      <LoadError error={plugins.error} message="Could not load your plugins." onRetry={() => void plugins.refetch()} retrying={plugins.isFetching} />
    );
  }

  const list = Object.values(plugins.data);
  if (list.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center">
        <Plug aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <h2 className="font-semibold text-slate-900">No plugins found</h2>
      </Card>
    );
  }

  return (
    <Card className="px-4 py-1">
      <h2 className="pt-3 text-base font-semibold text-slate-900">Plugins</h2>
      <ul className="divide-y divide-slate-100">
        {list.map((plugin) => (
          <li key={plugin.id}>
            <PluginRow plugin={plugin} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PluginRow({ plugin }: { plugin: Plugin }) {
  const id = useId();
  const { connected, enabled } = plugin.status;
  return (
    <div className="flex items-center justify-between gap-3 py-3" data-testid="plugin-row">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 text-primary">
          <PluginIcon type={plugin.type} />
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-medium text-slate-900">
              {plugin.name}
            </h3>
            <Badge variant="neutral">{TYPE_LABELS[plugin.type]}</Badge>
            {connected ? <Badge variant="success">Connected</Badge> : <Badge variant="warning">Not connected</Badge>}
          </div>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            {plugin.description}
          </p>
        </div>
      </div>
      {/* Turning a plugin on or off calls the server's enable/disable endpoints: a later issue. */}
      <Switch
        aria-label={`Enable ${plugin.name}`}
        aria-describedby={`${id}-desc`}
        checked={enabled}
        disabled={!connected}
      />
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { RotateCw } from 'lucide-react';
import type { Plugin, PluginMessage } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { THREAT_LEVEL_META } from '@/components/threat-level';
import { paths } from '@/config/paths';
import { usePluginMessages } from '@/lib/api/plugins';
import { queryKeys } from '@/lib/api/query-keys';
import { formatScanDate } from '@/lib/format-date';
import { SIMULATED_FEED, formatPhoneNumber } from './plugin-text';

/** The verdict of a message a plugin received, or why it has none yet. */
function Verdict({ message }: { message: PluginMessage }) {
  if (message.status === 'scanned' && message.threatLevel) {
    const meta = THREAT_LEVEL_META[message.threatLevel];
    return <Badge variant={meta.badge}>{meta.label}</Badge>;
  }
  return <Badge variant="neutral">{message.status === 'waiting' ? 'Waiting' : 'Not checked'}</Badge>;
}

/** Where the History entry of a message is: `/history?messageId=…`. */
export const historyHref = (messageId: string) => `${paths.history}?messageId=${encodeURIComponent(messageId)}`;

/**
 * A plugin's latest messages (spec: 20), newest first. The text is shown as plain text and
 * its links are not links: these are the very messages that may be scams.
 */
export function PluginMessages({ plugin, id }: { plugin: Plugin; id: string }) {
  const queryClient = useQueryClient();
  const messages = usePluginMessages(plugin.id, true);
  // the plugins too: what the row says it received changes with the messages
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.plugins });
  const simulated = plugin.status.simulated === true;

  let body;
  if (messages.isPending) {
    body = <SkeletonList label={`Loading ${plugin.name} messages`} items={['h-16', 'h-16']} />;
  } else if (messages.isError) {
    body = <LoadError error={messages.error} message="Could not load this plugin's messages." onRetry={() => void messages.refetch()} retrying={messages.isFetching} />;
  } else if (messages.data.length === 0) {
    body = (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {plugin.status.enabled ? 'No messages yet.' : 'Messages show here while this plugin is turned on.'}
      </p>
    );
  } else {
    body = (
      <ul className="space-y-2">
        {messages.data.map((message) => (
          <li key={message.id} className="rounded-lg border border-slate-200 p-3" data-testid="plugin-message">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{message.sender.name}</span>
                {message.sender.handle && message.sender.handle !== message.sender.name ? (
                  <span className="text-slate-600"> {formatPhoneNumber(message.sender.handle)}</span>
                ) : null}
              </p>
              <div className="flex flex-wrap gap-1">
                {simulated || message.metadata.simulated === true ? <Badge variant="neutral">{SIMULATED_FEED}</Badge> : null}
                <Verdict message={message} />
              </div>
            </div>
            <p className="text-xs text-slate-600">
              <time dateTime={message.timestamp}>{formatScanDate(message.timestamp)}</time>
            </p>
            {message.content ? <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{message.content}</p> : null}
            {message.note ? <p className="mt-1 text-sm text-slate-600">{message.note}</p> : null}
            {message.messageId ? (
              <Link
                href={historyHref(message.messageId)}
                className="mt-2 inline-block text-sm font-semibold text-primary-strong underline underline-offset-2 focus-ring"
                aria-label={`Open in History: message from ${message.sender.name}, ${formatScanDate(message.timestamp)}`}
              >
                Open in History
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id={id} aria-label={`${plugin.name} messages`} className="mt-3 space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Latest messages</h4>
        <Button variant="ghost" size="sm" aria-label={`Refresh ${plugin.name} messages`} aria-disabled={messages.isFetching || undefined} onClick={() => !messages.isFetching && refresh()}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          Refresh
        </Button>
      </div>
      {body}
    </section>
  );
}

import { ShieldCheck } from 'lucide-react';
import { RECENT_ALERTS_LIMIT } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHiddenMessageIds } from '@/components/use-undoable-delete';
import { useListDelete } from '@/components/use-list-delete';
import { useMessages } from '@/lib/api/messages';
import { AlertCard } from './alert-card';

/** The newest scans (limit 5) that were not safe. `headingId` names the section's heading, where focus goes when the last alert is deleted. */
export function RecentAlerts({ headingId }: { headingId?: string }) {
  const messages = useMessages(RECENT_ALERTS_LIMIT);
  const hidden = useHiddenMessageIds();
  const { listRef, onDelete: deleteFrom } = useListDelete(headingId);

  if (messages.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading recent alerts">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (messages.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <span>Failed to fetch alerts</span>
        <Button variant="outline" size="sm" onClick={() => void messages.refetch()} disabled={messages.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  const shown = messages.data.filter((m) => !hidden.has(m.id));
  const alerts = shown.filter((m) => m.threatLevel !== 'safe');
  if (alerts.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-6 text-center">
        <ShieldCheck aria-hidden="true" className="h-10 w-10 text-green-600" />
        <h3 className="font-semibold text-slate-900">No Threats Detected</h3>
        <p className="text-sm text-slate-600">
          {shown.length === 0
            ? 'Nothing scanned yet. Paste a message or link in Scan to check it.'
            : 'No threats found in your recent scans.'}
        </p>
      </Card>
    );
  }
  const onDelete = (id: string) => deleteFrom(alerts, id);

  return (
    <ul ref={listRef} className="space-y-3">
      {alerts.map((m) => (
        <li key={m.id}>
          <AlertCard message={m} onDelete={() => onDelete(m.id)} />
        </li>
      ))}
    </ul>
  );
}

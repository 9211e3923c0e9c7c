import { ShieldCheck } from 'lucide-react';
import { RECENT_ALERTS_LIMIT } from '@baitcheck/contracts/lite';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessages } from '@/lib/api/messages';
import { AlertCard } from './alert-card';

/** The newest scans (limit 5) that were not safe. */
export function RecentAlerts() {
  const messages = useMessages(RECENT_ALERTS_LIMIT);
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
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to fetch alerts
      </p>
    );
  }
  const alerts = messages.data.filter((m) => m.threatLevel !== 'safe');
  if (alerts.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-6 text-center">
        <ShieldCheck aria-hidden="true" className="h-10 w-10 text-green-600" />
        <h3 className="font-semibold text-slate-900">No Threats Detected</h3>
        <p className="text-sm text-slate-600">You have no recent phishing alerts. Your device is secure.</p>
      </Card>
    );
  }
  return (
    <ul className="space-y-3">
      {alerts.map((m) => (
        <li key={m.id}>
          <AlertCard message={m} />
        </li>
      ))}
    </ul>
  );
}

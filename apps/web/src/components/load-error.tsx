import { RotateCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { isUnreachable } from '@/lib/network-error';

/**
 * A list or settings that could not be loaded: "Can't reach Baitcheck — check your connection"
 * when the server did not answer, else `message`, with Retry (disabled while it runs).
 */
export function LoadError({
  error,
  message,
  onRetry,
  retrying,
  className,
}: {
  error: unknown;
  message: string;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-slate-100 p-3 text-sm text-slate-900', className)}
    >
      <span className="flex items-center gap-2">
        <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
        {isUnreachable(error) ? "Can't reach Baitcheck — check your connection" : message}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        Retry
      </Button>
    </div>
  );
}

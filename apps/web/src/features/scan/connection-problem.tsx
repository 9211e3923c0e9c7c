import { useEffect, useRef } from 'react';
import { RotateCcw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What a scan that got no answer says (the spec's 'There was a problem…' is kept for server errors). */
export const CONNECTION_PROBLEM = "Can't reach Baitcheck — check your connection";

/**
 * Said in the form when a scan never reached the server. Retry is the form's submit button, so it
 * sends what is in the form now, checked like any submit; the form keeps everything typed.
 */
export function ConnectionProblem() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // in the middle of the screen: at its edge a phone's bottom navigation covers it
    box.current?.scrollIntoView?.({ block: 'center' });
    // the busy form dropped the focus of the button pressed: put it where the next step is
    const active = document.activeElement;
    if (!active || active === document.body) box.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={box} role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <WifiOff aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">{CONNECTION_PROBLEM}</p>
      <Button type="submit" variant="outline" size="sm">
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        Retry
      </Button>
    </div>
  );
}

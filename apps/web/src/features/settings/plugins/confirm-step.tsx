import { useId, useState, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { usePlugins } from '@/lib/api/plugins';
import { describeExpiry } from './plugin-text';

/** How often the dialog asks whether the confirming code has arrived, while it waits for it. */
export const CONFIRMATION_POLL_MS = 5000;

/**
 * A plugin's step before it is connected: the code to send (texted from the phone, posted in the
 * Slack channel), until when it works, and 'Check again'. While it shows, the plugins are asked
 * now and then whether the code has arrived.
 */
export function ConfirmStep({
  heading,
  confirmation,
  testId,
  arrived,
  children,
}: {
  heading: string;
  confirmation: NonNullable<Plugin['status']['confirmation']>;
  testId: string;
  /** What happens once the code arrives. */
  arrived: string;
  /** The sentence saying what to send where. */
  children: ReactNode;
}) {
  const headingId = useId();
  const plugins = usePlugins({ pollMs: CONFIRMATION_POLL_MS });
  const [checked, setChecked] = useState(false);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-primary/40 bg-primary-soft p-3 text-sm text-slate-900">
      <h3 id={headingId} className="font-semibold">
        {heading}
      </h3>
      <p className="mt-1" data-testid={testId}>
        {children}
      </p>
      <p className="mt-1 text-slate-700">
        {describeExpiry(confirmation.expiresAt)} {arrived}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-disabled={plugins.isFetching || undefined}
          onClick={() => {
            if (plugins.isFetching) return;
            void plugins.refetch().then(() => setChecked(true));
          }}
        >
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {plugins.isFetching ? 'Checking…' : 'Check again'}
        </Button>
        <p role="status" className="text-slate-700">
          {checked && !plugins.isFetching ? 'Your code has not arrived yet. It can take a minute.' : ''}
        </p>
      </div>
    </section>
  );
}

/** The code as the person types it: in bold. */
export function Code({ children }: { children: string }) {
  return <strong className="font-semibold tracking-wide">{children}</strong>;
}

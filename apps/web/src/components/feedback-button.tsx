import { Check, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A button for an action done once (Report, Block Sender): while it runs and once it is done it
 * answers no more clicks, but it is never `disabled`. A disabled button drops the keyboard focus
 * to the page, so a keyboard or screen-reader user who pressed Report found themselves back at
 * the top; this one keeps the focus and says what happened ('Reported', 'Blocked').
 */
export function FeedbackButton({
  label,
  doneLabel,
  icon: Icon,
  state: { pending, done },
  onAction,
  size,
}: {
  label: string;
  doneLabel: string;
  icon: LucideIcon;
  /** The action's state, as useReportAction and useBlockAction give it. */
  state: { pending: boolean; done: boolean };
  onAction: () => void;
  size?: 'sm' | 'md';
}) {
  const inactive = pending || done;
  const ShownIcon = done ? Check : Icon;
  return (
    <Button
      variant="outline"
      size={size}
      aria-disabled={inactive || undefined}
      // Faded while it runs, as a disabled button looks; once done, a plain readable state.
      className={cn('aria-disabled:cursor-default', done ? 'border-green-300! bg-green-50! text-green-800!' : pending && 'opacity-60 hover:bg-white!')}
      onClick={() => {
        if (!inactive) onAction();
      }}
    >
      <ShownIcon aria-hidden="true" className="h-4 w-4" />
      {done ? doneLabel : label}
    </Button>
  );
}

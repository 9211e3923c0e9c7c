import type { MessageSource } from '@baitcheck/contracts';
import { cn } from '@/lib/cn';
import { FEEDBACK_TEXTS, reportElsewhere } from './use-feedback-actions';

const NOTE = 'rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800';

/**
 * What a report and a block said in their toasts, kept under the buttons that made them: a toast
 * goes by itself, and only one shows at a time (Report then Block Sender replaced the report's
 * advice within a second; outside review).
 */
export function FeedbackNotes({ reported, blocked, source, className }: { reported: boolean; blocked?: boolean; source?: MessageSource | null; className?: string }) {
  if (!reported && !blocked) return null;
  return (
    <div className={cn('space-y-2', className)}>
      {reported ? (
        <p data-testid="report-elsewhere" className={NOTE}>
          Reported to Baitcheck. {reportElsewhere(source)}
        </p>
      ) : null}
      {blocked ? (
        <p data-testid="block-note" className={NOTE}>
          Sender blocked. {FEEDBACK_TEXTS.blocked.description}
        </p>
      ) : null}
    </div>
  );
}

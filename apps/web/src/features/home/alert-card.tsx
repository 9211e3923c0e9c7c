import type { MessageSummary } from '@baitcheck/contracts';
import { Ban, Flag, Trash2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { HighlightedText } from '@/components/highlighted-text';
import { ReasonList } from '@/components/reason-list';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';
import { FeedbackButton } from '@/components/feedback-button';
import { formatAlertDate } from '@/lib/format-date';
import { describeOrigin } from '@/lib/describe-origin';
import { THREAT_COLORS } from '@/lib/threat-colors';
import { useBlockAction, useReportAction } from '@/components/use-feedback-actions';
import { FeedbackNotes } from '@/components/feedback-notes';
import { cn } from '@/lib/cn';
import { revealHidden } from '@/lib/reveal-hidden';

/** One recent alert: what was found, where from, why, and what can be done about it. */
export function AlertCard({ message, now, onDelete }: { message: MessageSummary; now?: Date; onDelete: () => void }) {
  const reportAction = useReportAction();
  const blockAction = useBlockAction();
  const phishing = message.threatLevel === 'phishing';
  // History's and the scan result's title: the spec's 'Suspicious Link' called a link-less text
  // ("Hi, is this Linda?") a link, and the same message by two names in two places.
  const title = THREAT_LEVEL_META[message.threatLevel].title;
  const sender = revealHidden(message.sender.trim());
  const titleId = `alert-${message.id}-title`;
  const report = () => reportAction.report({ kind: 'report', messageId: message.id }, message.source);

  return (
    <Card
      className={cn('border-l-4 p-4 outline-none focus-ring', phishing ? THREAT_COLORS.phishing.edge : THREAT_COLORS.suspicious.edge)}
      aria-labelledby={titleId}
      role="article"
      tabIndex={-1}
      data-message-id={message.id}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
          <ThreatIcon level={message.threatLevel} />
          {title}
        </h3>
        <time dateTime={message.scanDate} className="shrink-0 text-xs text-slate-600">
          {formatAlertDate(message.scanDate, now)}
        </time>
      </div>
      {/* wrap-anywhere: a long sender address wraps instead of widening the page */}
      <p className="mt-1 text-sm text-slate-700 wrap-anywhere">
        {sender ? (
          <>
            Message from <bdi className="font-medium text-slate-900">{sender}</bdi>
          </>
        ) : (
          describeOrigin(message)
        )}
      </p>
      <div className="mt-3 rounded-lg bg-slate-50 p-3">
        <HighlightedText
          content={message.content}
          highlights={message.threatDetails.highlights}
          reasons={message.threatDetails.reasonDetails}
        />
      </div>
      <ReasonList
        className="mt-3"
        labels={message.threatDetails.reasons}
        details={message.threatDetails.reasonDetails}
        collapseLow
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
        <FeedbackButton size="sm" label="Report" doneLabel="Reported" icon={Flag} state={reportAction} onAction={report} />
        {sender ? (
          <FeedbackButton size="sm" label="Block Sender" doneLabel="Blocked" icon={Ban} state={blockAction} onAction={() => blockAction.block(sender)} />
        ) : null}
      </div>
      <FeedbackNotes className="mt-3" reported={reportAction.done} blocked={blockAction.done} source={message.source} />
    </Card>
  );
}

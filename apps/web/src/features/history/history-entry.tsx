import { useId, type Ref } from 'react';
import { ChevronDown, ChevronUp, Cpu, Trash2 } from 'lucide-react';
import type { MessageSummary } from '@baitcheck/contracts';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { ExpandableHighlightedText } from '@/components/highlighted-text';
import { VerdictReasons } from '@/components/verdict-reasons';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';
import { describeOrigin } from '@/lib/describe-origin';
import { formatScanDate } from '@/lib/format-date';
import { SOURCE_LABELS } from '@/lib/message-source';
import { useMessage } from '@/lib/api/messages';
import { cn } from '@/lib/cn';
import { deviceIdOf } from '@/lib/on-device/device-history';

/**
 * One stored scan: title, date, source (a plugin's messages say which), sender, clamped content; expanded it shows the message (a long
 * one's first lines) with its highlights and the reasons, the smaller signs behind 'More
 * details', over the whole message when the list carried only its beginning. A safe entry shows
 * neither highlights nor reasons.
 */
export function HistoryEntry({
  message,
  expanded,
  onToggle,
  onDelete,
  highlighted,
  ref,
}: {
  message: MessageSummary;
  expanded: boolean;
  onToggle: () => void;
  onDelete: () => void;
  highlighted?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const id = useId();
  const meta = THREAT_LEVEL_META[message.threatLevel];
  const whole = useMessage(message.id, expanded && message.contentTruncated);
  const shown = whole.data ?? message;
  const details = shown.threatDetails;
  // As on the scan result: a safe verdict shows no warnings, its weakest signs ("20 mins") are
  // no reason to worry about a message we call safe.
  const safe = message.threatLevel === 'safe';
  return (
    <Card
      ref={ref}
      role="article"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-message-id={message.id}
      className={cn('p-4 outline-none focus-ring', highlighted && 'ring-2 ring-primary')}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <ThreatIcon level={message.threatLevel} />
          {meta.title}
        </h2>
        <Badge variant={meta.badge}>{meta.label}</Badge>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-600">
        <time dateTime={message.scanDate}>{formatScanDate(message.scanDate)}</time>
        <span aria-hidden="true">·</span>
        <span data-testid="message-source">
          <span className="sr-only">Source: </span>
          {SOURCE_LABELS[message.source]}
        </span>
        <span aria-hidden="true">·</span>
        <span className="font-medium text-slate-800">{describeOrigin(message)}</span>
        {deviceIdOf(message.id) !== null ? (
          <>
            <span aria-hidden="true">·</span>
            <span data-testid="on-device-entry" className="inline-flex items-center gap-1 text-slate-800">
              <Cpu aria-hidden="true" className="h-3.5 w-3.5" />
              On this device
            </span>
          </>
        ) : null}
      </p>
      <div id={`${id}-content`} className="mt-3">
        {expanded ? (
          <div className="space-y-3">
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
              <ExpandableHighlightedText content={shown.content} highlights={safe ? [] : details.highlights} reasons={details.reasonDetails} />
              {message.contentTruncated && !whole.data ? (
                <p className="mt-2 text-xs text-slate-600" role="status">
                  {whole.isError ? 'Could not load the rest of this message.' : 'Loading the rest of this message…'}
                </p>
              ) : null}
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Reasons</h3>
              <VerdictReasons safe={safe} labels={details.reasons} details={details.reasonDetails} />
            </div>
          </div>
        ) : (
          <p className="line-clamp-2 whitespace-pre-wrap break-words text-sm text-slate-800">{message.content}</p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onToggle} aria-expanded={expanded} aria-controls={`${id}-content`}>
          {expanded ? <ChevronUp aria-hidden="true" className="h-4 w-4" /> : <ChevronDown aria-hidden="true" className="h-4 w-4" />}
          {expanded ? 'Show Less' : 'Show More'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </div>
    </Card>
  );
}

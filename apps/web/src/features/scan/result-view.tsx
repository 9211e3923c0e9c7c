import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { CheckCircle2, Cpu, Flag, Info, RotateCcw, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FeedbackButton } from '@/components/feedback-button';
import { ExpandableHighlightedText } from '@/components/highlighted-text';
import { VerdictReasons } from '@/components/verdict-reasons';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';
import { useReportAction } from '@/components/use-feedback-actions';
import { FeedbackNotes } from '@/components/feedback-notes';
import { cn } from '@/lib/cn';
import { RecommendationsSection, WhatToDoLine } from './what-to-do-line';
import { ThreatIntelDetails } from './threat-intel-details';
import { whatToDoNow } from './what-to-do';
import type { ScanOutcome } from './api';
import { revealHidden } from '@/lib/reveal-hidden';

/**
 * The first field of the form the result came from, once the form is back: the active inner tab
 * of the scan panel (Message or URL), whichever of its fields comes first.
 */
function firstFieldOf(panel: Element | null): HTMLElement | null {
  const active = panel?.querySelector('[role="tabpanel"][data-state="active"]') ?? panel;
  return active?.querySelector<HTMLElement>('textarea, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"])') ?? null;
}

/**
 * The verdict of a general scan. A phone shows, in this order: the verdict, what to do now, the
 * message (its first lines when long), the reasons (the smaller signs behind 'More details'),
 * the advice, then the details. A safe verdict shows no warnings: the engine's weakest signs
 * ("20 mins" as time pressure) are not reasons to worry when the verdict is safe.
 */
export function ResultView({ outcome, onScanNew }: { outcome: ScanOutcome; onScanNew: () => void }) {
  const { analysis } = outcome;
  const meta = THREAT_LEVEL_META[analysis.threatLevel];
  const { report, pending, done } = useReportAction();
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const safe = analysis.threatLevel === 'safe';
  const doNow = whatToDoNow(analysis, outcome.kind);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onReport = () =>
    report(
      // a scan kept on this device: the server has no copy, so the report carries the message
      outcome.messageId && !outcome.onDevice
        ? { kind: 'report', messageId: outcome.messageId }
        : { kind: 'report', content: analysis.content, sender: outcome.sender, source: outcome.source, threatLevel: analysis.threatLevel },
      outcome.source,
    );

  // This view unmounts when the form comes back: focus would fall to the page, so a keyboard or
  // screen-reader user would start again from the top. It goes to the form's first field instead.
  const scanNew = () => {
    const panel = cardRef.current?.closest('[role="tabpanel"]') ?? cardRef.current?.parentElement ?? null;
    flushSync(onScanNew);
    firstFieldOf(panel)?.focus();
  };

  return (
    <Card ref={cardRef} className="animate-result-in motion-reduce:animate-none overflow-hidden" data-testid="scan-result" data-level={analysis.threatLevel}>
      <div className={cn('border-b p-4', meta.panel)}>
        <div className="flex items-center gap-3">
          <ThreatIcon level={analysis.threatLevel} className={cn('h-8 w-8 shrink-0', meta.tone)} />
          <div>
            <h2 ref={headingRef} tabIndex={-1} className={cn('text-xl font-bold outline-none', meta.tone)}>
              {meta.title}
            </h2>
            <p className="text-sm text-slate-700">
              {outcome.kind === 'url' ? 'URL scan' : 'Message scan'}
              {outcome.sender ? (
                <>
                  {' · from '}
                  {/* isolated: a right-to-left override in a sender must not reorder the words after it */}
                  <bdi>{revealHidden(outcome.sender)}</bdi>
                </>
              ) : null}
              {outcome.messageId ? (outcome.onDevice ? ' · kept in this device’s history' : ' · saved to your history') : ''}
            </p>
            {outcome.onDevice ? <OnDeviceLine /> : null}
          </div>
        </div>
        <WhatToDoLine text={doNow} toneClass={meta.tone} />
      </div>
      <div className="space-y-5 p-4">
        <section aria-labelledby="analysed-content">
          <h3 id="analysed-content" className="mb-2 text-sm font-semibold text-slate-900">
            {outcome.kind === 'url' ? 'Analyzed URL' : 'Analyzed message'}
          </h3>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <ExpandableHighlightedText
              content={analysis.content}
              highlights={safe ? [] : analysis.highlights}
              reasons={analysis.reasonDetails}
            />
          </div>
        </section>
        <section aria-labelledby="result-reasons">
          <h3 id="result-reasons" className="mb-2 text-sm font-semibold text-slate-900">
            Reasons
          </h3>
          <VerdictReasons safe={safe} labels={analysis.reasons} details={analysis.reasonDetails} />
        </section>
        <RecommendationsSection id="result-recommendations" recommendations={analysis.recommendations} safe={safe} />
        {analysis.checks.length > 0 && (
          <section aria-labelledby="result-checks">
            <h3 id="result-checks" className="mb-2 text-sm font-semibold text-slate-900">
              What we checked
            </h3>
            <IconList items={analysis.checks} icon={CheckCircle2} iconClassName="text-green-700" className="text-slate-800" />
          </section>
        )}
        {analysis.notes.length > 0 && (
          <IconList
            label="Notes about this analysis"
            items={analysis.notes}
            icon={Info}
            iconClassName="text-slate-500"
            className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700"
          />
        )}
        <ThreatIntelDetails threatData={analysis.threatData} enhanced={analysis.enhanced} requested={outcome.enhancedRequested} sources={analysis.intelSources ?? []} onDevice={outcome.onDevice} />
        {/* the result's primary actions: the toasts and the alert pop-up step aside from them */}
        <div data-keep-clear="" className="flex flex-wrap gap-2">
          <Button onClick={scanNew}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Scan New Content
          </Button>
          {!safe && (
            <FeedbackButton label="Report" doneLabel="Reported" icon={Flag} state={{ pending, done }} onAction={onReport} />
          )}
        </div>
        {outcome.onDevice && !safe && !done ? (
          <p className="text-sm text-slate-700">Report sends this message&apos;s text to Baitcheck, so we can learn from it; nothing is sent unless you press it.</p>
        ) : null}
        <FeedbackNotes reported={done} source={outcome.source} />
      </div>
    </Card>
  );
}

/** Says where a scan made with On-Device Scanning was checked (issue 20). */
export function OnDeviceLine() {
  return (
    <p data-testid="on-device-note" className="mt-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
      <Cpu aria-hidden="true" className="h-4 w-4 shrink-0" />
      Checked on this device
    </p>
  );
}

function IconList(props: { items: string[]; icon: LucideIcon; iconClassName: string; className: string; label?: string }) {
  const Icon = props.icon;
  return (
    <ul aria-label={props.label} className={cn('space-y-1 text-sm', props.className)}>
      {props.items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', props.iconClassName)} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

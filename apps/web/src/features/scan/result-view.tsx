import { useEffect, useRef } from 'react';
import { CheckCircle2, Flag, Info, RotateCcw, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HighlightedText } from '@/components/highlighted-text';
import { ReasonList } from '@/components/reason-list';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';
import { useReportAction } from '@/components/use-feedback-actions';
import { cn } from '@/lib/cn';
import { ThreatIntelDetails } from './threat-intel-details';
import type { ScanOutcome } from './api';

/** The verdict of a general scan: header, analysed content, reasons, intelligence, advice. */
export function ResultView({ outcome, onScanNew }: { outcome: ScanOutcome; onScanNew: () => void }) {
  const { analysis } = outcome;
  const meta = THREAT_LEVEL_META[analysis.threatLevel];
  const { report, pending, done } = useReportAction();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const safe = analysis.threatLevel === 'safe';

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onReport = () =>
    report(
      outcome.messageId
        ? { kind: 'report', messageId: outcome.messageId }
        : { kind: 'report', content: analysis.content, sender: outcome.sender, source: outcome.source, threatLevel: analysis.threatLevel },
    );

  return (
    <Card className="animate-result-in motion-reduce:animate-none overflow-hidden" data-testid="scan-result" data-level={analysis.threatLevel}>
      <div className={cn('flex items-center gap-3 border-b p-4', meta.panel)}>
        <ThreatIcon level={analysis.threatLevel} className={cn('h-8 w-8 shrink-0', meta.tone)} />
        <div>
          <h2 ref={headingRef} tabIndex={-1} className={cn('text-xl font-bold outline-none', meta.tone)}>
            {meta.title}
          </h2>
          <p className="text-sm text-slate-700">
            {outcome.kind === 'url' ? 'URL scan' : 'Message scan'}
            {outcome.sender ? ` · from ${outcome.sender}` : ''}
            {outcome.messageId ? ' · saved to your history' : ''}
          </p>
        </div>
      </div>
      <div className="space-y-5 p-4">
        <section aria-labelledby="analysed-content">
          <h3 id="analysed-content" className="mb-2 text-sm font-semibold text-slate-900">
            {outcome.kind === 'url' ? 'Analyzed URL' : 'Analyzed message'}
          </h3>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <HighlightedText content={analysis.content} highlights={analysis.highlights} reasons={analysis.reasonDetails} />
          </div>
        </section>
        <section aria-labelledby="result-reasons">
          <h3 id="result-reasons" className="mb-2 text-sm font-semibold text-slate-900">
            Reasons
          </h3>
          <ReasonList
            labels={analysis.reasons}
            details={analysis.reasonDetails}
            emptyText="No suspicious elements detected."
          />
        </section>
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
        <ThreatIntelDetails threatData={analysis.threatData} enhanced={analysis.enhanced} requested={outcome.enhancedRequested} sources={analysis.intelSources ?? []} />
        {!safe && analysis.recommendations.length > 0 && (
          <section aria-labelledby="result-recommendations">
            <h3 id="result-recommendations" className="mb-2 text-sm font-semibold text-slate-900">
              Recommendations
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              {analysis.recommendations.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onScanNew}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Scan New Content
          </Button>
          {!safe && (
            <Button variant="outline" onClick={onReport} disabled={pending || done}>
              <Flag aria-hidden="true" className="h-4 w-4" />
              Report
            </Button>
          )}
        </div>
      </div>
    </Card>
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

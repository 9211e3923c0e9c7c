import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import type { DomainInfo, IntelSource, SenderInfo, ThreatData } from '@baitcheck/contracts';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { formatScanDate } from '@/lib/format-date';
import { cn } from '@/lib/cn';
import { getScoreBand } from './score-band';

function Score({ score }: { score: number }) {
  const band = getScoreBand(score);
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold', band.className)}>
      {Math.round(score)}/100 · {band.label}
    </span>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function formatMaybeDate(value: string | null): string {
  if (!value) return 'Unknown';
  const formatted = formatScanDate(value);
  return formatted || value;
}

function DomainSection({ info }: { info: DomainInfo }) {
  return (
    <section aria-label="Domain information">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Domain</h4>
      <dl className="divide-y divide-slate-100">
        <Row term="Domain">{info.domain}</Row>
        <Row term="Reputation">
          <Score score={info.reputationScore} />
        </Row>
        <Row term="Known malicious">{yesNo(info.malicious)}</Row>
        <Row term="Flagged suspicious">{yesNo(info.suspicious)}</Row>
        {info.categories.length > 0 && <Row term="Categories">{info.categories.join(', ')}</Row>}
        {info.sources.length > 0 && <Row term="Sources">{info.sources.join(', ')}</Row>}
        <Row term="Last checked">{formatMaybeDate(info.lastChecked)}</Row>
      </dl>
    </section>
  );
}

function SenderSection({ info }: { info: SenderInfo }) {
  return (
    <section aria-label="Sender information">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Sender</h4>
      <dl className="divide-y divide-slate-100">
        <Row term="Reputation">
          <Score score={info.reputationScore} />
        </Row>
        <Row term="Security level">{info.securityLevel}</Row>
        <Row term="SPF record">{yesNo(info.hasSpf)}</Row>
        {/* only a whole email's signature can be verified: "No" would claim a check that did not run */}
        <Row term="DKIM signature">{info.hasDkim ? 'Verified' : 'Not verified'}</Row>
        <Row term="DMARC policy">{yesNo(info.hasDmarc)}</Row>
        <Row term="Domain created">{formatMaybeDate(info.creationDate)}</Row>
      </dl>
    </section>
  );
}

const SOURCE_STATUS: Record<IntelSource['status'], string> = {
  answered: 'Checked',
  failed: 'Could not be checked',
  'timed-out': 'Too slow to answer, skipped',
  'not-configured': 'Not used',
  limited: 'Not asked (limit reached)',
};

/** Which outside sources the enhanced scan asked, and how each fared: a skipped source is named, never hidden. */
function SourcesSection({ sources }: { sources: readonly IntelSource[] }) {
  return (
    <section aria-label="Sources checked">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Sources checked</h4>
      <ul className="divide-y divide-slate-100">
        {sources.map((s) => (
          <li key={s.name} className="flex flex-wrap items-baseline justify-between gap-x-2 py-1.5 text-sm">
            <span className="text-slate-600">{s.name}</span>
            <span className={cn('block text-right font-medium', s.status === 'answered' ? 'text-slate-900' : 'text-slate-700')}>
              {SOURCE_STATUS[s.status]}
              {s.status !== 'answered' && s.detail ? <span className="block text-xs font-normal text-slate-600">{s.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Threat Intelligence Details': whatever intelligence the result carries, said plainly when none. */
export function ThreatIntelDetails({
  threatData,
  enhanced,
  requested,
  sources = [],
}: {
  threatData: ThreatData | null;
  enhanced: boolean;
  /** The outside sources an enhanced scan asked. */
  sources?: readonly IntelSource[];
  /** Whether the person turned the enhanced scan on for this scan. */
  requested: boolean;
}) {
  const hasDomain = Boolean(threatData?.domainInfo);
  const hasSender = Boolean(threatData?.senderInfo);
  return (
    <Collapsible className="rounded-lg border border-slate-200 bg-white">
      <CollapsibleTrigger className="group flex w-full cursor-pointer items-center justify-between rounded-lg p-3 text-left text-sm font-semibold text-slate-900 focus-ring">
        Threat Intelligence Details
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
      </CollapsibleTrigger>
      <CollapsibleContent className="space-y-4 border-t border-slate-200 p-3">
        {!enhanced && (
          <p className="text-sm text-slate-700">
            Enhanced threat intelligence did not run for this scan.{' '}
            {requested
              ? 'It was turned on, but it is not available right now; the verdict comes from checking the content itself.'
              : 'Turn on Enhanced Threat Intelligence and scan again to check the domain and sender against threat intelligence sources.'}
            {threatData?.domainInfo || threatData?.senderInfo ? ' What Baitcheck knows without it is shown below.' : ''}
          </p>
        )}
        {threatData?.domainInfo && <DomainSection info={threatData.domainInfo} />}
        {threatData?.senderInfo && <SenderSection info={threatData.senderInfo} />}
        {enhanced && !hasDomain && !hasSender && (
          <p className="text-sm text-slate-700">No threat intelligence data was found for this content.</p>
        )}
        {enhanced && sources.length > 0 && <SourcesSection sources={sources} />}
      </CollapsibleContent>
    </Collapsible>
  );
}

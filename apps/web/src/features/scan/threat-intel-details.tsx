import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import type { DomainInfo, IntelSource, SenderInfo, ThreatData } from '@baitcheck/contracts';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { formatScanDate } from '@/lib/format-date';
import { cn } from '@/lib/cn';
import { getScoreBand } from './score-band';

// A person reads this panel, not an operator: every fact in plain words, one verdict per domain
// (never "Known malicious: Yes" beside "Flagged suspicious: No"), and no server detail, error
// text or setting name (those go to the server's log).

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
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-1.5 text-sm">
      <dt className="text-slate-600">{term}</dt>
      <dd className="ml-auto text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function formatWhen(value: string | null): string {
  if (!value) return 'Not known';
  return formatScanDate(value) || 'Not known';
}

function formatDay(value: string | null): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Not known';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** The engine's and the sources' category ids, in words; an unknown one with its dashes as spaces. */
const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  'brand-impersonation': 'pretends to be a brand',
  'credential-page': 'sign-in or payment page',
  'free-hosting': 'free website host',
  'hacked-site': 'possibly hacked website',
  'ip-host': 'a number instead of a name',
  ipfs: 'file-sharing network',
  'lookalike-domain': 'look-alike address',
  'looks-like-phishing': 'address like known phishing addresses',
  'new-domain': 'recently created',
  'obfuscated-url': 'disguised address',
  official: "the brand's official website",
  phishing: 'phishing',
  punycode: 'disguised letters',
  'random-domain': 'random-looking name',
  'risky-tld': 'ending often used by scams',
  shortener: 'link shortener',
  'well-known': 'well-known website',
};

function describeCategories(categories: readonly string[]): string {
  const words = categories.map((c) => CATEGORY_WORDS[c] ?? c.replace(/[-_]+/g, ' '));
  const text = [...new Set(words)].join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The source the engine names for what it worked out itself (no list or outside service). */
const ENGINE_SOURCE = 'Baitcheck engine';

function describeSource(source: string): string {
  return source === ENGINE_SOURCE ? "Baitcheck's own checks" : source;
}

/**
 * The one finding about a domain: its two flags can never be read as a contradiction. 'Known'
 * only when a list, feed or outside service named it (they add their name to the sources only
 * then): a link our own checks call dangerous was found on no list, and saying it was "known"
 * claimed a knowledge nobody had.
 */
function domainFinding(info: DomainInfo): string {
  if (info.malicious) return info.sources.some((s) => s !== ENGINE_SOURCE) ? 'Known to be dangerous' : 'Looks dangerous by our own checks';
  if (info.suspicious) return 'Looks suspicious';
  return 'No warning signs found';
}

function DomainSection({ info }: { info: DomainInfo }) {
  return (
    <section aria-label="Domain information">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Website</h4>
      <dl className="divide-y divide-slate-100">
        <Row term="Domain">
          <span className="break-all">{info.domain}</span>
        </Row>
        <Row term="What we found">{domainFinding(info)}</Row>
        <Row term="Reputation">
          <Score score={info.reputationScore} />
        </Row>
        {info.categories.length > 0 && <Row term="Signs">{describeCategories(info.categories)}</Row>}
        {info.sources.length > 0 && <Row term="Checked by">{info.sources.map(describeSource).join(', ')}</Row>}
        <Row term="Last checked">{formatWhen(info.lastChecked)}</Row>
      </dl>
    </section>
  );
}

function SenderSection({ info }: { info: SenderInfo }) {
  return (
    <section aria-label="Sender information">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Sender's email domain</h4>
      <dl className="divide-y divide-slate-100">
        <Row term="Reputation">
          <Score score={info.reputationScore} />
        </Row>
        <Row term="Protection against forged emails">{info.securityLevel}</Row>
        <Row term="Names the servers allowed to send its email (SPF)">{yesNo(info.hasSpf)}</Row>
        {/* only a whole email's signature can be verified: "No" would claim a check that did not run */}
        <Row term="Email signature (DKIM)">{info.hasDkim ? 'Verified' : 'Not verified'}</Row>
        <Row term="Asks others to refuse forgeries (DMARC)">{yesNo(info.hasDmarc)}</Row>
        <Row term="Domain created">{formatDay(info.creationDate)}</Row>
      </dl>
    </section>
  );
}

/** Each outside source's outcome in words: what happened, and why only where it helps. */
const SOURCE_STATUS: Record<IntelSource['status'], { word: string; why?: string }> = {
  answered: { word: 'Checked' },
  failed: { word: 'Not checked this time', why: 'It could not be reached.' },
  'timed-out': { word: 'Not checked this time', why: 'It took too long to answer.' },
  'not-configured': { word: 'Not available on this server' },
  limited: { word: 'Not checked this time', why: 'This server has made all the checks it may for now.' },
};

/** The sources' own names, in words a person knows; an unknown one as the server names it. */
const SOURCE_NAMES: Readonly<Record<string, string>> = {
  'Threat feeds': 'Lists of known scam websites',
  DNS: 'Domain records',
  'Domain age (RDAP)': 'Domain age',
  'Email authentication (SPF, DKIM, DMARC)': 'Email sender checks',
};

/** Which outside sources the enhanced scan asked, and how each fared: a skipped source is named, never hidden. */
function SourcesSection({ sources }: { sources: readonly IntelSource[] }) {
  const skipped = sources.some((s) => s.status !== 'answered' && s.status !== 'not-configured');
  return (
    <section aria-label="Sources checked">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Sources checked</h4>
      <ul className="divide-y divide-slate-100">
        {sources.map((s) => {
          const status = SOURCE_STATUS[s.status] ?? { word: 'Not checked this time' };
          return (
            <li key={s.name} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-1.5 text-sm">
              <span className="text-slate-600">{SOURCE_NAMES[s.name] ?? s.name}</span>
              <span className={cn('ml-auto block text-right font-medium', s.status === 'answered' ? 'text-slate-900' : 'text-slate-700')}>
                {status.word}
                {status.why ? <span className="block text-xs font-normal text-slate-600">{status.why}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {skipped ? <p className="mt-2 text-xs text-slate-600">The verdict was made without the sources that were not checked.</p> : null}
    </section>
  );
}

/** 'Threat Intelligence Details': whatever intelligence the result carries, said plainly when none. */
export function ThreatIntelDetails({
  threatData,
  enhanced,
  requested,
  sources = [],
  onDevice = false,
}: {
  threatData: ThreatData | null;
  enhanced: boolean;
  /** The outside sources an enhanced scan asked. */
  sources?: readonly IntelSource[];
  /** Whether the person turned the enhanced scan on for this scan. */
  requested: boolean;
  /** Checked on this device: enhanced checks cannot run there. */
  onDevice?: boolean;
}) {
  const hasDomain = Boolean(threatData?.domainInfo);
  const hasSender = Boolean(threatData?.senderInfo);
  return (
    <Collapsible className="rounded-lg border border-slate-200 bg-white">
      <CollapsibleTrigger className="group flex min-h-11 w-full cursor-pointer items-center justify-between rounded-lg p-3 text-left text-sm font-semibold text-slate-900 focus-ring">
        Threat Intelligence Details
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
      </CollapsibleTrigger>
      <CollapsibleContent className="space-y-4 border-t border-slate-200 p-3">
        {!enhanced && (
          <p className="text-sm text-slate-700">
            Enhanced threat intelligence did not run for this scan.{' '}
            {onDevice
              ? 'It does not run for a scan checked on this device: turn off On-Device Scanning in Settings to use it.'
              : requested
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

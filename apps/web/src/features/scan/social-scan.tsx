import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Flag, X } from 'lucide-react';
import type { TextScanResponse } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card } from '@/components/ui/card';
import { FeedbackButton } from '@/components/feedback-button';
import { Label, Textarea } from '@/components/ui/input';
import { ExpandableHighlightedText } from '@/components/highlighted-text';
import { VerdictReasons } from '@/components/verdict-reasons';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';
import { toast } from '@/components/ui/toast-store';
import { useReportAction } from '@/components/use-feedback-actions';
import { cn } from '@/lib/cn';
import { RecommendationsSection, WhatToDoLine } from './what-to-do-line';
import { isConnectionError, isOutOfScans, scanLimitSentence, useScanGuard, useScanText, useScanUsage, type TextScanInput } from './api';
import { ConnectionProblem } from './connection-problem';
import { useSessionDraft } from '@/lib/session-draft';
import { ScanLimitNote } from './scan-allowance';
import { OnDeviceLine } from './result-view';
import { deviceIdOf } from '@/lib/on-device/device-history';
import { whatToDoNow } from './what-to-do';
import { revealHidden } from '@/lib/reveal-hidden';

/** The platforms the Social Media tab offers (spec section 2). */
export const PLATFORMS = ['Facebook', 'Twitter/X', 'Instagram', 'LinkedIn', 'Discord', 'Reddit', 'WhatsApp'] as const;
export type Platform = (typeof PLATFORMS)[number];

function SocialResult({ result, onClear }: { result: TextScanResponse; onClear: () => void }) {
  const { analysis, message } = result;
  const meta = THREAT_LEVEL_META[analysis.threatLevel];
  const { report, pending, done } = useReportAction();
  const safe = analysis.threatLevel === 'safe';
  const doNow = whatToDoNow(analysis, 'text');
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The card appears below the form, out of sight on a phone: bring it into view and give it the
  // focus, so a screen reader reads the verdict first.
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    cardRef.current?.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const onReport = () =>
    report(
      message.id && deviceIdOf(message.id) === null
        ? { kind: 'false_positive', messageId: message.id }
        : { kind: 'false_positive', content: message.content, sender: message.sender, source: 'social', threatLevel: analysis.threatLevel },
    );
  return (
    <Card
      ref={cardRef}
      // below the toast, which shows at the top of a phone's screen
      className="animate-result-in motion-reduce:animate-none mt-4 scroll-mt-32 overflow-hidden md:scroll-mt-20"
      data-testid="social-result"
      data-level={analysis.threatLevel}
    >
      <div className={cn('border-b p-4', meta.panel)}>
        <div className="flex items-center gap-3">
          <ThreatIcon level={analysis.threatLevel} className={cn('h-7 w-7 shrink-0', meta.tone)} />
          <div>
            <h2 ref={headingRef} tabIndex={-1} className={cn('text-lg font-bold outline-none', meta.tone)}>
              {meta.title}
            </h2>
            {/* What was checked, as the General Scan result says it; the spec's 'Threat level:
                phishing' showed the stored value under the verdict that already says it. */}
            <p className="text-sm text-slate-700">
              <bdi>{revealHidden(message.sender)}</bdi>
              {message.id ? (deviceIdOf(message.id) !== null ? ' · kept in this device’s history' : ' · saved to your history') : ''}
            </p>
            {message.id !== null && deviceIdOf(message.id) !== null ? <OnDeviceLine /> : null}
          </div>
        </div>
        {/* What to do now, under the verdict, as the General Scan result says it. */}
        <WhatToDoLine text={doNow} toneClass={meta.tone} />
      </div>
      <div className="space-y-4 p-4">
        <section aria-labelledby="social-warnings">
          <h3 id="social-warnings" className="mb-2 text-sm font-semibold text-slate-900">
            Warning Indicators
          </h3>
          <VerdictReasons safe={safe} labels={analysis.reasons} details={analysis.reasonDetails} />
        </section>
        <section aria-labelledby="social-content">
          <h3 id="social-content" className="mb-2 text-sm font-semibold text-slate-900">
            Reviewed Content
          </h3>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <ExpandableHighlightedText content={analysis.content} highlights={safe ? [] : analysis.highlights} reasons={analysis.reasonDetails} />
          </div>
        </section>
        <RecommendationsSection id="social-recommendations" recommendations={analysis.recommendations} safe={safe} />
        {/* the result's actions: the toasts and the alert pop-up step aside from them */}
        <div data-keep-clear="" className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onClear}>
            <X aria-hidden="true" className="h-4 w-4" />
            Clear Results
          </Button>
          <FeedbackButton label="Report Falsely Detected" doneLabel="Reported as wrong" icon={Flag} state={{ pending, done }} onAction={onReport} />
        </div>
      </div>
    </Card>
  );
}

const SOCIAL_DRAFT_DEFAULTS: { platform: Platform; content: string } = { platform: 'Facebook', content: '' };
const isSocialDraft = (draft: { platform: string }) => (PLATFORMS as readonly string[]).includes(draft.platform);

/** The Social Media tab: pick the platform, paste the message, scan it as a social message. */
export function SocialScan() {
  const id = useId();
  // kept when the person looks at another tab or screen and comes back (this browser tab only)
  const [draft, setDraft, forgetDraft] = useSessionDraft('scan-social', SOCIAL_DRAFT_DEFAULTS, isSocialDraft);
  const { platform, content } = draft;
  const setPlatform = (next: Platform) => setDraft((d) => ({ ...d, platform: next }));
  const setContent = (next: string) => setDraft((d) => ({ ...d, content: next }));
  const [result, setResult] = useState<TextScanResponse | null>(null);
  const [connectionLost, setConnectionLost] = useState(false);
  // each result is a new card: it is brought into view and focused again
  const [resultCount, setResultCount] = useState(0);
  const scan = useScanText();
  const guard = useScanGuard();
  const empty = content.trim().length === 0;
  const usage = useScanUsage().data;
  const outOfScans = isOutOfScans(usage) ? usage : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfScans) return;
    if (empty) {
      toast({ title: 'Please enter a message to scan' });
      return;
    }
    const input: TextScanInput = { content, sender: `${platform} message`, source: 'social' };
    const idempotencyKey = guard.start({ social: input });
    if (idempotencyKey === null) return;
    setConnectionLost(false);
    scan.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (res) => {
          guard.settle(true);
          forgetDraft();
          setResult(res);
          setResultCount((n) => n + 1);
          // The verdict in words ('Phishing Detected'), not the stored value ('Threat level: phishing').
          toast({ title: 'Scan Complete', description: THREAT_LEVEL_META[res.analysis.threatLevel].title });
        },
        onError: (error) => {
          guard.settle(false);
          console.error('Social scan failed', error);
          const limit = scanLimitSentence(error);
          if (isConnectionError(error)) setConnectionLost(true);
          // refused for the daily limit: the server's sentence says when scans come back
          else if (limit) toast({ title: 'No scans left today', description: limit, variant: 'destructive' });
          else toast({ title: 'Error', description: 'Failed to scan message. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div>
      <form onSubmit={submit} noValidate aria-busy={scan.isPending}>
        <fieldset disabled={scan.isPending} className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">Platform</legend>
            <div className="flex flex-wrap gap-2">
              {PLATFORMS.map((p) => (
                <label
                  key={p}
                  className={cn(
                    'cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                    platform === p ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-primary',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-platform`}
                    value={p}
                    checked={platform === p}
                    onChange={() => setPlatform(p)}
                    className="sr-only"
                  />
                  {p}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              value={content}
              placeholder={`Paste the ${platform} message here`}
              aria-describedby={outOfScans ? `${id}-limit` : undefined}
              onChange={(e) => setContent(e.target.value)}
            />
          </div>
          <SubmitButton busy={scan.isPending} busyText="Analyzing content..." disabled={empty || !!outOfScans} describedBy={outOfScans ? `${id}-limit` : undefined}>
            Scan Message
          </SubmitButton>
          {outOfScans ? <ScanLimitNote id={`${id}-limit`} usage={outOfScans} /> : null}
          {connectionLost && !scan.isPending ? <ConnectionProblem /> : null}
        </fieldset>
      </form>
      {result && (
        <SocialResult
          key={resultCount}
          result={result}
          onClear={() => {
            // The card unmounts: focus would fall to the page. It goes to the message box, ready
            // for the next message, as 'Scan New Content' does on the General Scan result.
            flushSync(() => {
              setResult(null);
              setConnectionLost(false);
              setContent('');
            });
            scan.reset();
            document.getElementById(`${id}-message`)?.focus();
          }}
        />
      )}
    </div>
  );
}

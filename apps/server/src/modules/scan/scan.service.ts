import type { MessageSource, ScanAnalysis, TextScanRequest, TextScanResponse, ThreatDetails, UrlScanRequest, UrlScanResponse } from '@baitcheck/contracts';
import type { Analysis, AnalyzeInput } from '@baitcheck/detector';
import { analyze } from '@baitcheck/detector';
import type { ScanRepository } from './scan.repository.ts';

function toScanAnalysis(analysis: Analysis, content: string): ScanAnalysis {
  return {
    threatLevel: analysis.threatLevel,
    score: analysis.score,
    reasons: analysis.reasons.map((r) => r.label),
    reasonDetails: analysis.reasons,
    highlights: analysis.highlights,
    recommendations: analysis.recommendations,
    checks: analysis.checks ?? [],
    notes: analysis.notes ?? [],
    content,
    threatData: analysis.threatData,
    // Threat-intelligence lookups are not built yet, so an "enhanced" request ran the same
    // on-engine analysis; saying so is more honest than echoing the flag back.
    enhanced: false,
  };
}

function toThreatDetails(analysis: ScanAnalysis): ThreatDetails {
  return {
    reasons: analysis.reasons,
    reasonDetails: analysis.reasonDetails,
    highlights: analysis.highlights,
    recommendations: analysis.recommendations,
    checks: analysis.checks,
    notes: analysis.notes,
    score: analysis.score,
    threatData: analysis.threatData,
  };
}

/** Scans text and links with the engine and keeps them in the user's history on request. */
export function createScanService(deps: {
  scanRepo: ScanRepository;
  blockedSenders: { listSenders(userId: string): Promise<string[]> };
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  const run = async (userId: string, input: AnalyzeInput): Promise<ScanAnalysis> => {
    // Without a sender there is nothing to match, so the list is not worth a query.
    const blockedSenders = input.sender ? await deps.blockedSenders.listSenders(userId) : [];
    const analysis = analyze(input, { blockedSenders, now: clock().toISOString() });
    return toScanAnalysis(analysis, input.content);
  };

  const save = async (userId: string, kind: 'text' | 'url', input: { content: string; sender: string; source: MessageSource }, analysis: ScanAnalysis) => {
    return deps.scanRepo.saveMessage({
      userId,
      kind,
      ...input,
      threatLevel: analysis.threatLevel,
      score: analysis.score,
      threatDetails: toThreatDetails(analysis),
    });
  };

  return {
    async scanText(userId: string, req: TextScanRequest): Promise<TextScanResponse> {
      const message = { content: req.content, sender: req.sender, source: req.source };
      const analysis = await run(userId, { kind: 'text', ...message });
      const id = req.saveToHistory ? await save(userId, 'text', message, analysis) : null;
      return { message: { id, ...message }, analysis };
    },

    async scanUrl(userId: string, req: UrlScanRequest): Promise<UrlScanResponse> {
      const analysis = await run(userId, { kind: 'url', content: req.url, source: req.source });
      // An empty sender is what marks a URL scan in the history ('URL Scan').
      const messageId = req.saveToHistory ? await save(userId, 'url', { content: req.url, sender: '', source: req.source }, analysis) : null;
      return { ...analysis, messageId };
    },
  };
}

/** The scan service. */
export type ScanService = ReturnType<typeof createScanService>;

import { wantsAdvancedScan } from '@baitcheck/contracts';
import type { MessageSource, ScanAnalysis, TextScanRequest, TextScanResponse, ThreatDetails, UrlScanRequest, UrlScanResponse } from '@baitcheck/contracts';
import type { Analysis, AnalyzeInput } from '@baitcheck/detector';
import { analyze, inputLinks, parseSender } from '@baitcheck/detector';
import { DEFAULT_INTEL_BUDGET_MS, enrich, type Enrichment, type IntelProvider, type IntelRequest } from '../intel/enrich.ts';
import type { ScanRepository } from './scan.repository.ts';

function toScanAnalysis(analysis: Analysis, content: string, enrichment: Enrichment | null): ScanAnalysis {
  let threatData = analysis.threatData;
  const domainInfo = threatData?.domainInfo;
  const named = domainInfo ? (enrichment?.domainSources[domainInfo.domain] ?? []) : [];
  const categories = domainInfo ? (enrichment?.domainCategories[domainInfo.domain] ?? []) : [];
  if (threatData && domainInfo && (named.length > 0 || categories.length > 0)) {
    threatData = {
      ...threatData,
      domainInfo: { ...domainInfo, sources: [...new Set([...domainInfo.sources, ...named])], categories: [...new Set([...domainInfo.categories, ...categories])] },
    };
  }
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
    threatData,
    // "enhanced" says what ran, not what was asked: without outside sources a request for it
    // ran the on-engine analysis alone
    enhanced: enrichment !== null,
    ...(enrichment !== null ? { intelSources: enrichment.sources } : {}),
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
/** What an enhanced scan looks up: the input's links, and the domain of an email sender or of a scanned URL. */
function intelRequest(input: AnalyzeInput): IntelRequest {
  const links = inputLinks(input);
  const sender = input.sender ? parseSender(input.sender) : null;
  const senderDomain = sender?.kind === 'email' || sender?.kind === 'domain' ? sender.registrableDomain : input.kind === 'url' ? (links[0]?.registrableDomain ?? null) : null;
  return { links, ...(input.sender ? { sender: input.sender } : {}), ...(senderDomain ? { senderDomain } : {}) };
}

export function createScanService(deps: {
  scanRepo: ScanRepository;
  blockedSenders: { listSenders(userId: string): Promise<string[]> };
  clock?: () => Date;
  /** Outside sources for enhanced scans, asked together within `budgetMs`. None: every scan is basic. */
  intel?: { providers: readonly IntelProvider[]; budgetMs?: number };
}) {
  const clock = deps.clock ?? (() => new Date());
  const providers = deps.intel?.providers ?? [];

  const run = async (userId: string, input: AnalyzeInput, enhanced: boolean): Promise<ScanAnalysis> => {
    // Without a sender there is nothing to match, so the list is not worth a query.
    const blockedSenders = input.sender ? await deps.blockedSenders.listSenders(userId) : [];
    // a basic scan stays on the engine: nothing is looked up anywhere
    const enrichment = enhanced && providers.length > 0 ? await enrich(providers, intelRequest(input), deps.intel?.budgetMs ?? DEFAULT_INTEL_BUDGET_MS) : null;
    const analysis = analyze(input, { blockedSenders, now: clock().toISOString(), ...(enrichment ? { intel: enrichment.facts } : {}) });
    return toScanAnalysis(analysis, input.content, enrichment);
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
      const analysis = await run(userId, { kind: 'text', ...message }, wantsAdvancedScan(req));
      const id = req.saveToHistory ? await save(userId, 'text', message, analysis) : null;
      return { message: { id, ...message }, analysis };
    },

    async scanUrl(userId: string, req: UrlScanRequest): Promise<UrlScanResponse> {
      const analysis = await run(userId, { kind: 'url', content: req.url, source: req.source }, wantsAdvancedScan(req));
      // An empty sender is what marks a URL scan in the history ('URL Scan').
      const messageId = req.saveToHistory ? await save(userId, 'url', { content: req.url, sender: '', source: req.source }, analysis) : null;
      return { ...analysis, messageId };
    },
  };
}

/** The scan service. */
export type ScanService = ReturnType<typeof createScanService>;

import { MAX_CONTENT_LENGTH, toScanAnalysis, toThreatDetails, wantsAdvancedScan } from '@baitcheck/contracts';
import type { MessageSource, ScanAnalysis, TextScanRequest, TextScanResponse, UrlScanRequest, UrlScanResponse } from '@baitcheck/contracts';
import type { Analysis, AnalyzeInput, Channel, EmailAuthFacts, IntelFacts } from '@baitcheck/detector';
import { analyze, inputLinks, parseSender } from '@baitcheck/detector';
import { DEFAULT_INTEL_BUDGET_MS, enrich, type Enrichment, type IntelProvider, type IntelRequest, type SourceHealth } from '../intel/enrich.ts';
import type { LookupClient, LookupLimitError } from '../intel/lookup-limits.ts';
import { emailAuthFacts, looksLikeRawEmail, parseRawEmail, senderOf, type ParsedEmail } from '../intel/raw-email/raw-email.ts';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/app-error.ts';
import { wellFormed } from '../../lib/well-formed.ts';
import { DEFAULT_STORAGE_LIMITS } from '../../lib/storage-limits.ts';
import type { ScanRepository } from './scan.repository.ts';

function toScanAnalysisWith(analysis: Analysis, content: string, enrichment: Enrichment | null): ScanAnalysis {
  const basic = toScanAnalysis(analysis, content);
  if (enrichment === null) return basic;
  let threatData = basic.threatData;
  const domainInfo = threatData?.domainInfo;
  const named = domainInfo ? (enrichment.domainSources[domainInfo.domain] ?? []) : [];
  const categories = domainInfo ? (enrichment.domainCategories[domainInfo.domain] ?? []) : [];
  if (threatData && domainInfo && (named.length > 0 || categories.length > 0)) {
    threatData = {
      ...threatData,
      domainInfo: { ...domainInfo, sources: [...new Set([...domainInfo.sources, ...named])], categories: [...new Set([...domainInfo.categories, ...categories])] },
    };
  }
  // "enhanced" says what ran, not what was asked: without outside sources a request for it
  // ran the on-engine analysis alone
  return { ...basic, threatData, enhanced: true, intelSources: enrichment.sources };
}

/** What an enhanced scan looks up: the input's links, and the domain of an email sender or of a scanned URL. */
function intelRequest(input: AnalyzeInput, rawEmail: IntelRequest['rawEmail'], client: LookupClient | undefined): IntelRequest {
  const links = inputLinks(input);
  const sender = input.sender ? parseSender(input.sender) : null;
  const senderDomain = sender?.kind === 'email' || sender?.kind === 'domain' ? sender.registrableDomain : input.kind === 'url' ? (links[0]?.registrableDomain ?? null) : null;
  return { links, ...(input.sender ? { sender: input.sender } : {}), ...(senderDomain ? { senderDomain } : {}), ...(rawEmail !== undefined ? { rawEmail } : {}), ...(client ? { client } : {}) };
}

/** The engine's channel for a message's source: a team-chat message reads like a social one (short, informal, links). */
function engineChannel(source: MessageSource): Channel {
  return source === 'slack' ? 'social' : source;
}

/** Said on a result that could not be saved because the history is full. */
export function historyFullNote(max: number): string {
  return `Not saved to your history: it already holds ${max.toLocaleString('en-US')} scans, the most it keeps. Delete scans you no longer need to save new ones.`;
}

/** Said on the result of a pasted email source, so the person knows what was judged. */
export const RAW_EMAIL_NOTE =
  'This was read as a whole email (headers and body): the verdict is about its sender, subject and body, and its authentication results were checked.';

/** Said on the result of a pasted email that forwards another as an attachment: that one is judged. */
export const FORWARDED_EMAIL_NOTE =
  'This email forwards another one as an attachment: the verdict is about the attached email (its sender, subject and body), with what the forward says read too.';

/** A pasted email source, read: the message it carries and what its headers say. */
interface PastedEmail {
  message: { content: string; sender: string };
  parsed: ParsedEmail;
  /** What the recipient's provider recorded (Authentication-Results), Reply-To and Return-Path: local facts. */
  headerFacts: EmailAuthFacts | null;
}

/**
 * Reads `content` as an email source when it is one (headers, a blank line, a body): the engine
 * then judges its subject and body, with From as the sender. Null when it is not an email source
 * or cannot be read as one (then the text is scanned as it is).
 */
async function readPastedEmail(content: string, givenSender: string): Promise<PastedEmail | null> {
  if (!looksLikeRawEmail(content)) return null;
  let email: ParsedEmail;
  try {
    email = await parseRawEmail(content);
  } catch {
    return null;
  }
  const body = [email.subject.trim(), email.text.trim()].filter((p) => p.length > 0).join('\n\n');
  if (body.length === 0 && email.from === null) return null;
  // cut at a code-unit count, the body may end in half an emoji: U+FFFD takes its place
  return { message: { content: wellFormed(body.slice(0, MAX_CONTENT_LENGTH)), sender: senderOf(email) ?? givenSender }, parsed: email, headerFacts: emailAuthFacts(email) };
}

/** What a repeat of a request must match, besides its Idempotency-Key: the endpoint and its validated body. */
export function requestHashOf(endpoint: 'text' | 'url', body: unknown): string {
  return createHash('sha256').update(`${endpoint}\n${JSON.stringify(body)}`).digest('hex');
}

/** How long a repeat with the same Idempotency-Key answers the first result. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Each user's newest keys kept within the window: a retry comes within minutes, not 100 scans later. */
export const IDEMPOTENCY_KEYS_PER_USER = 100;
/** A key still running after this is taken to belong to a server that stopped mid-scan. */
const ABANDONED_AFTER_MS = 60_000;
/** How often a repeat that arrived while the first request runs looks for its answer. */
const REPEAT_POLL_MS = 50;
/** How often expired keys of every user are dropped. */
const PRUNE_ALL_EVERY_MS = 60 * 60 * 1000;

/**
 * The Idempotency-Key a saved scan completes when it stores the scan, in the same transaction
 * ({@link ScanService.once} hands it to the scan; `done` is set once the key holds the answer).
 */
export interface PendingKey {
  key: string;
  done: boolean;
}

/** A scan as kept in History, for whoever is told of it. */
export interface SavedScan {
  userId: string;
  messageId: string;
  kind: 'text' | 'url';
  source: MessageSource;
  sender: string;
  threatLevel: ScanAnalysis['threatLevel'];
  score: number;
}

/** Per-request options of a scan. */
export interface ScanOptions {
  /** Set when this client's allowance of enhanced scans is used up: outside sources are named as not asked, with its sentence. */
  outsideRefused?: LookupLimitError | null;
  /** The request's Idempotency-Key, which saving the scan completes with its answer. */
  pendingKey?: PendingKey | null;
  /** Who the scan is for: outside lookups count against their share of each source. */
  lookupClient?: LookupClient;
}

/** Scans text and links with the engine and keeps them in the user's history on request. */
export function createScanService(deps: {
  scanRepo: ScanRepository;
  blockedSenders: { listSenders(userId: string): Promise<string[]> };
  clock?: () => Date;
  /** Outside sources for enhanced scans, asked together within `budgetMs`. None: every scan is basic. `onSourceError` hears why a source failed (for the log). */
  intel?: { providers: readonly IntelProvider[]; budgetMs?: number; onSourceError?: (source: string, detail: string) => void };
  /** The most scans one user's history keeps (`MAX_STORED_MESSAGES`). */
  maxStoredMessages?: number;
  /**
   * Told of each scan kept in History, once it is stored (the alerts decide whether to tell the
   * person). Awaited so an alert is listed by the time the scan answers; its failure is logged by
   * the caller, never the scan's.
   */
  saved?: (entry: SavedScan) => Promise<void>;
}) {
  const clock = deps.clock ?? (() => new Date());
  const providers = deps.intel?.providers ?? [];
  // sources that failed lately are left alone for a minute, across scans and visitors
  const sourceHealth: SourceHealth = new Map();

  const run = async (userId: string, input: AnalyzeInput, enhanced: boolean, options: ScanOptions, pasted?: { raw: string; parsed: ParsedEmail; headerFacts: EmailAuthFacts | null }): Promise<ScanAnalysis> => {
    // Without a sender there is nothing to match, so the list is not worth a query.
    const blockedSenders = input.sender ? await deps.blockedSenders.listSenders(userId) : [];
    // a basic scan stays on the engine: nothing is looked up anywhere
    const enrichOptions = { health: sourceHealth, outsideRefused: options.outsideRefused ?? null, ...(deps.intel?.onSourceError ? { onSourceError: deps.intel.onSourceError } : {}) };
    const enrichment = enhanced && providers.length > 0 ? await enrich(providers, intelRequest(input, pasted ? { source: pasted.raw, parsed: pasted.parsed } : undefined, options.lookupClient), deps.intel?.budgetMs ?? DEFAULT_INTEL_BUDGET_MS, enrichOptions) : null;
    // what the email's own headers say counts in a basic scan too (read here, nothing asked);
    // our own check, when it ran, replaces it
    const intel: IntelFacts = { ...(pasted?.headerFacts ? { emailAuth: pasted.headerFacts } : {}), ...(enrichment?.facts ?? {}) };
    const analysis = analyze(input, { blockedSenders, now: clock().toISOString(), ...(Object.keys(intel).length > 0 ? { intel } : {}) });
    if (pasted) analysis.notes = [pasted.parsed.forward ? FORWARDED_EMAIL_NOTE : RAW_EMAIL_NOTE, ...(analysis.notes ?? [])];
    return toScanAnalysisWith(analysis, input.content, enrichment);
  };

  const maxStoredMessages = deps.maxStoredMessages ?? DEFAULT_STORAGE_LIMITS.messages;
  /**
   * Stores the scan and answers `respond(id)`; when the history is full the verdict is still
   * answered, unsaved (id null), with a note saying so (the oldest scans are never dropped to make
   * room: deleting is the person's). With a pending key, the key's answer is written in the
   * transaction that stores the scan.
   */
  const save = async <R>(
    userId: string,
    kind: 'text' | 'url',
    input: { content: string; sender: string; source: MessageSource },
    analysis: ScanAnalysis,
    respond: (id: string | null) => R,
    pendingKey: PendingKey | null | undefined,
  ): Promise<R> => {
    const answer = (id: string | null): R => {
      if (id === null) analysis.notes = [historyFullNote(maxStoredMessages), ...analysis.notes];
      return respond(id);
    };
    let response: { value: R } | undefined;
    const id = await deps.scanRepo.saveMessage(
      { userId, kind, ...input, threatLevel: analysis.threatLevel, score: analysis.score, threatDetails: toThreatDetails(analysis) },
      maxStoredMessages,
      pendingKey ? { key: pendingKey.key, response: (id) => (response = { value: answer(id) }).value } : undefined,
    );
    if (pendingKey) pendingKey.done = true;
    if (id !== null && deps.saved) await deps.saved({ userId, messageId: id, kind, source: input.source, sender: input.sender, threatLevel: analysis.threatLevel, score: analysis.score });
    return response ? response.value : answer(id);
  };

  let prunedAllAt = 0;

  return {
    /**
     * Runs `scan` once per `key` of `userId` (the request's Idempotency-Key): a repeat with the
     * same key and body within {@link IDEMPOTENCY_WINDOW_MS} answers the first result and stores
     * nothing; one arriving while the first still runs waits for its answer; the same key with
     * another body is 409 IDEMPOTENCY_KEY_REUSED. A failed scan lets go of its key, so a retry
     * scans again. Without a key, or for a newcomer with no user yet (an unsaved scan), `scan`
     * just runs. `scan` is given the key to complete when it stores the scan (in the same
     * transaction, {@link PendingKey}); a scan that does not is completed here.
     */
    async once<T>(userId: string, key: string | null, endpoint: 'text' | 'url', body: unknown, scan: (pendingKey: PendingKey | null) => Promise<T>): Promise<{ value: T; replayed: boolean }> {
      if (key === null || userId === '') return { value: await scan(null), replayed: false };
      const requestHash = requestHashOf(endpoint, body);
      const giveUpAt = clock().getTime() + ABANDONED_AFTER_MS + REPEAT_POLL_MS * 20;
      for (;;) {
        const now = clock();
        const ages = { expiredBefore: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS), abandonedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS) };
        const held = await deps.scanRepo.claimKey({ userId, key, requestHash, now }, ages);
        if (held === 'claimed') break;
        if (held === 'gone') continue;
        if (held.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (held.response !== null) return { value: held.response as T, replayed: true };
        // a repeat waits for the first request, never longer than a stopped server's key is held
        if (clock().getTime() >= giveUpAt) throw new AppError('SERVICE_UNAVAILABLE', 'The first request with this Idempotency-Key is still running. Try again in a minute.');
        await sleep(REPEAT_POLL_MS);
      }
      const pendingKey: PendingKey = { key, done: false };
      let value: T;
      try {
        value = await scan(pendingKey);
      } catch (error) {
        // the scan's own error is the one to answer, whatever happens to the key; a scan it
        // stored completed the key in the same transaction, so a key still unanswered stored nothing
        await deps.scanRepo.releaseKey(userId, key).catch(() => undefined);
        throw error;
      }
      try {
        if (!pendingKey.done) await deps.scanRepo.completeKey(userId, key, value);
      } catch (error) {
        // a key left running would hold every repeat polling until it is taken over, and fail again
        await deps.scanRepo.releaseKey(userId, key).catch(() => undefined);
        throw error;
      }
      const now = clock();
      const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
      await deps.scanRepo.pruneKeysOf(userId, IDEMPOTENCY_KEYS_PER_USER, expiredBefore);
      if (now.getTime() - prunedAllAt >= PRUNE_ALL_EVERY_MS) {
        prunedAllAt = now.getTime();
        await deps.scanRepo.pruneExpiredKeys(expiredBefore);
      }
      return { value, replayed: false };
    },

    async scanText(userId: string, req: TextScanRequest, options: ScanOptions = {}): Promise<TextScanResponse> {
      const pasted = await readPastedEmail(req.content, req.sender);
      // a pasted email is kept as the message it carries (what the result's highlights point into)
      const message = { content: pasted?.message.content ?? req.content, sender: pasted?.message.sender ?? req.sender, source: req.source };
      // and judged as an email, whatever the form's source says
      const input: AnalyzeInput = { kind: 'text', content: message.content, sender: message.sender, source: pasted ? 'email' : engineChannel(req.source) };
      const analysis = await run(userId, input, wantsAdvancedScan(req), options, pasted ? { raw: req.content, parsed: pasted.parsed, headerFacts: pasted.headerFacts } : undefined);
      const respond = (id: string | null): TextScanResponse => ({ message: { id, ...message }, analysis });
      return req.saveToHistory ? save(userId, 'text', message, analysis, respond, options.pendingKey) : respond(null);
    },

    async scanUrl(userId: string, req: UrlScanRequest, options: ScanOptions = {}): Promise<UrlScanResponse> {
      const analysis = await run(userId, { kind: 'url', content: req.url, source: engineChannel(req.source) }, wantsAdvancedScan(req), options);
      const respond = (messageId: string | null): UrlScanResponse => ({ ...analysis, messageId });
      // An empty sender is what marks a URL scan in the history ('URL Scan').
      return req.saveToHistory ? save(userId, 'url', { content: req.url, sender: '', source: req.source }, analysis, respond, options.pendingKey) : respond(null);
    },
  };
}

/** The scan service. */
export type ScanService = ReturnType<typeof createScanService>;

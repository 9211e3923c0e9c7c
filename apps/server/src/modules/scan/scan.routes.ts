import { ENDPOINTS, IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, wantsAdvancedScan } from '@baitcheck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { addressKey } from '../../lib/client-address.ts';
import { defineRoute } from '../../lib/route.ts';
import { readTimeZone } from '../../lib/time-zone-header.ts';
import { ScanLimitError, type ScanUsageService, type SpentScan } from '../scan-usage/scan-usage.service.ts';
import { requestHashOf, type PendingKey, type ScanService } from './scan.service.ts';

/** Visible ASCII but quotes and backslashes, bare or as a quoted string (the IETF draft's sf-string). */
const KEY_CHARS = `[\\x21\\x23-\\x5b\\x5d-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}`;
const KEY_RE = new RegExp(`^(?:"(${KEY_CHARS})"|(${KEY_CHARS}))$`);

/**
 * The request's Idempotency-Key, or null when it has none; a key that is empty, too long, of
 * other characters or sent twice is refused with 400, naming the header.
 */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const match = typeof raw === 'string' ? KEY_RE.exec(raw.trim()) : null;
  if (!match) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      {
        field: IDEMPOTENCY_KEY_HEADER,
        message: `The ${IDEMPOTENCY_KEY_HEADER} header must be one value of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters other than quotes and backslashes, such as a random UUID.`,
      },
    ]);
  }
  return (match[1] ?? match[2]) as string;
}

/**
 * `POST /api/scan/text`, `POST /api/scan/url`. Each scan counts against the plan's daily limit
 * (`usage`) before it runs, in the day of the `X-Time-Zone` header; a repeat of a saved scan is
 * answered without running, so it is not counted again, nor is a repeat of an unsaved one.
 */
export function registerScanRoutes(app: FastifyInstance, service: ScanService, usage: ScanUsageService): void {
  // an enhanced scan spends one of the client's outside lookups (only while rate limits are on)
  // and its sources' lookups count against this user's and this address's share of each source
  const allowance = async (request: FastifyRequest, body: Parameters<typeof wantsAdvancedScan>[0]) => ({
    outsideRefused: wantsAdvancedScan(body) ? ((await request.spendOutsideLookups?.()) ?? null) : null,
    lookupClient: { user: request.userId, address: addressKey(request.ip) },
  });
  type Input = { userId: string; request: FastifyRequest; reply: FastifyReply; body: { saveToHistory?: boolean } };
  /** Runs `scan` once it is counted; a scan that fails gives its count back. */
  const counted = async <T>(input: Input, endpoint: 'text' | 'url', key: string | null, scan: () => Promise<T>): Promise<T> => {
    // an unsaved scan has no stored answer to replay: its key keeps a repeat from counting twice
    const repeat = key !== null && !input.body.saveToHistory ? { key, requestHash: requestHashOf(endpoint, input.body) } : null;
    let spent: SpentScan;
    try {
      spent = await usage.spend(input.userId, readTimeZone(input.request), repeat);
    } catch (error) {
      if (error instanceof ScanLimitError) input.reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    try {
      return await scan();
    } catch (error) {
      await spent.refund().catch((refundError: unknown) => input.request.log.warn({ err: refundError }, 'a failed scan could not give back its count'));
      throw error;
    }
  };
  // a repeat of a request (its Idempotency-Key) answers the first result: nothing is scanned, spent or stored again
  // Only a saved scan is made once: an unsaved one is stored nowhere, not even as a key's answer
  // (a repeat of it just scans again, which costs the person nothing).
  const once = async <T>(input: Input, endpoint: 'text' | 'url', scan: (pendingKey: PendingKey | null) => Promise<T>) => {
    const key = readIdempotencyKey(input.request);
    const { value, replayed } = await service.once(input.userId, input.body.saveToHistory ? key : null, endpoint, input.body, (pendingKey) => counted(input, endpoint, key, () => scan(pendingKey)));
    if (replayed) input.reply.header('Idempotent-Replayed', 'true');
    return value;
  };
  // before anything is made for the request: both headers are checked
  const checkHeaders = (request: FastifyRequest) => {
    readIdempotencyKey(request);
    readTimeZone(request);
  };
  defineRoute(app, ENDPOINTS.scanText, async (input) =>
    once(input, 'text', async (pendingKey) => service.scanText(input.userId, input.body, { ...(await allowance(input.request, input.body)), pendingKey })),
    { checkHeaders },
  );
  defineRoute(app, ENDPOINTS.scanUrl, async (input) =>
    once(input, 'url', async (pendingKey) => service.scanUrl(input.userId, input.body, { ...(await allowance(input.request, input.body)), pendingKey })),
    { checkHeaders },
  );
}

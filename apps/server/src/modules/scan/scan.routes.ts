import { ENDPOINTS, IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, wantsAdvancedScan } from '@baitcheck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute } from '../../lib/route.ts';
import type { PendingKey, ScanService } from './scan.service.ts';

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

/** `POST /api/scan/text`, `POST /api/scan/url`. */
export function registerScanRoutes(app: FastifyInstance, service: ScanService): void {
  // an enhanced scan spends one of the client's outside lookups (only while rate limits are on)
  const allowance = async (request: FastifyRequest, body: Parameters<typeof wantsAdvancedScan>[0]) => ({
    outsideRefused: wantsAdvancedScan(body) ? ((await request.spendOutsideLookups?.()) ?? null) : null,
  });
  // a repeat of a request (its Idempotency-Key) answers the first result: nothing is scanned, spent or stored again
  // Only a saved scan is made once: an unsaved one is stored nowhere, not even as a key's answer
  // (a repeat of it just scans again, which costs the person nothing).
  const once = async <T>(input: { userId: string; request: FastifyRequest; reply: FastifyReply; body: { saveToHistory?: boolean } }, endpoint: 'text' | 'url', scan: (pendingKey: PendingKey | null) => Promise<T>) => {
    const key = readIdempotencyKey(input.request);
    const { value, replayed } = await service.once(input.userId, input.body.saveToHistory ? key : null, endpoint, input.body, scan);
    if (replayed) input.reply.header('Idempotent-Replayed', 'true');
    return value;
  };
  const checkHeaders = (request: FastifyRequest) => void readIdempotencyKey(request);
  defineRoute(app, ENDPOINTS.scanText, async (input) =>
    once(input, 'text', async (pendingKey) => service.scanText(input.userId, input.body, { ...(await allowance(input.request, input.body)), pendingKey })),
    { checkHeaders },
  );
  defineRoute(app, ENDPOINTS.scanUrl, async (input) =>
    once(input, 'url', async (pendingKey) => service.scanUrl(input.userId, input.body, { ...(await allowance(input.request, input.body)), pendingKey })),
    { checkHeaders },
  );
}

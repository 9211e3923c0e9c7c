import { TIME_ZONE_HEADER, TimeZoneSchema } from '@baitcheck/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { canonicalTimeZone } from './local-day.ts';

/**
 * The request's time zone (`X-Time-Zone`), canonically spelled; UTC when the header is absent.
 * A zone the runtime does not know, or the header sent twice, is refused with 400 naming it.
 */
export function readTimeZone(request: FastifyRequest): string {
  const raw = request.headers[TIME_ZONE_HEADER.toLowerCase()];
  if (raw === undefined) return 'UTC';
  const parsed = typeof raw === 'string' ? TimeZoneSchema.safeParse(raw.trim()) : null;
  if (!parsed?.success) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { field: TIME_ZONE_HEADER, message: `The ${TIME_ZONE_HEADER} header must be one IANA time zone name, such as Europe/Paris or America/New_York.` },
    ]);
  }
  return canonicalTimeZone(parsed.data);
}

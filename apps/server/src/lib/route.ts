import { toFieldIssues, type Endpoint } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

type Part<E extends Endpoint, K extends 'body' | 'query' | 'params'> = E[K] extends z.ZodType ? z.output<E[K]> : undefined;

/** What a route handler receives: the validated body, query and params of its endpoint. */
export interface RouteInput<E extends Endpoint> {
  body: Part<E, 'body'>;
  query: Part<E, 'query'>;
  params: Part<E, 'params'>;
  userId: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The dotted path of the first string in `value` that holds a NUL character, if any. */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNulCharacter(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Validates `value` with `schema`, or throws 400 VALIDATION_FAILED naming each field.
 * PostgreSQL cannot store NUL in text or jsonb, so such input is refused here as the client's
 * mistake rather than failing later as a 500.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nulField = findNulCharacter(value);
  if (nulField !== undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ field: nulField, message: 'Text cannot contain NUL (\\u0000) characters.' }]);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('VALIDATION_FAILED', undefined, toFieldIssues(result.error));
  return result.data;
}

/**
 * Registers a handler for an endpoint of the contract's ENDPOINTS map: method and path come from
 * the map, input is parsed with its schemas, and the success status is the map's. Keeping this
 * in one place is what makes "every input validated by the contract" true by construction.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.output<E['response']>>,
  options: { session?: boolean } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { session: options.session ?? true },
    handler: async (request, reply) => {
      const input = {
        body: endpoint.body ? parseOrThrow(endpoint.body, request.body) : undefined,
        query: endpoint.query ? parseOrThrow(endpoint.query, request.query) : undefined,
        params: endpoint.params ? parseOrThrow(endpoint.params, request.params) : undefined,
        userId: request.userId,
        request,
        reply,
      } as RouteInput<E>;
      // Set before the handler so a handler can still choose another success status.
      reply.code(endpoint.status);
      return handler(input);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route needs the visitor's session (and creates one on first contact). */
    session?: boolean;
  }
}

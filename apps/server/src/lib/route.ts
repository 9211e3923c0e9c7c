import { toFieldIssues, type Endpoint } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { makeWellFormed } from './well-formed.ts';

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

/** How deeply a request's JSON may nest: every body of the contract is a few levels deep. */
export const MAX_JSON_DEPTH = 32;

/** What {@link inspectInput} found wrong with a parsed body, query or params, if anything. */
export type InputProblem = { kind: 'nul'; field: string } | { kind: 'too-deep' };

/**
 * Walks `value` (iteratively: a body of 400,000 nested arrays must not overflow the stack) and
 * reports the first string holding a NUL character, by dotted path, or that it nests deeper than
 * {@link MAX_JSON_DEPTH}.
 */
export function inspectInput(value: unknown): InputProblem | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return { kind: 'nul', field: path.join('.') };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return { kind: 'too-deep' };
    // pushed in reverse so the first field is looked at first, as a person reads the body
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Validates `value` with `schema`, or throws 400 VALIDATION_FAILED naming each field.
 * PostgreSQL cannot store NUL in text or jsonb, so such input is refused here as the client's
 * mistake rather than failing later as a 500. Nor can jsonb store a lone UTF-16 surrogate (JSON
 * allows `"\ud800"`): each becomes U+FFFD here, for every route, before anything reads the text.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const problem = inspectInput(value);
  if (problem?.kind === 'nul') {
    throw new AppError('VALIDATION_FAILED', undefined, [{ field: problem.field, message: 'Text cannot contain NUL (\\u0000) characters.' }]);
  }
  if (problem?.kind === 'too-deep') {
    throw new AppError('VALIDATION_FAILED', undefined, [{ field: '', message: `The request nests more than ${MAX_JSON_DEPTH} levels deep.` }]);
  }
  const result = schema.safeParse(makeWellFormed(value));
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
  options: { session?: boolean; checkHeaders?: (request: FastifyRequest) => void } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { session: options.session ?? true },
    handler: async (request, reply) => {
      // before anything is made for the request (a newcomer's guest row)
      options.checkHeaders?.(request);
      const body = endpoint.body ? parseOrThrow(endpoint.body, request.body) : undefined;
      const query = endpoint.query ? parseOrThrow(endpoint.query, request.query) : undefined;
      const params = endpoint.params ? parseOrThrow(endpoint.params, request.params) : undefined;
      // a newcomer's guest row is made only now, once the request is valid and stores something
      await request.openSession(reply, body);
      const input = { body, query, params, userId: request.userId, request, reply } as RouteInput<E>;
      // Set before the handler so a handler can still choose another success status.
      reply.code(endpoint.status);
      return handler(input);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route needs the visitor's session (made by the first request that stores something). */
    session?: boolean;
  }
}

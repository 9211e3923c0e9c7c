import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { DATABASES, type DatabaseFactory } from './databases.ts';

/** A browser-like client: keeps the session cookie the server hands it. */
export interface Visitor {
  cookie: string | undefined;
  request(method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** The app under test, its database, and a way to make visitors. */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  visitor(): Visitor;
}

/**
 * Builds the app over `database` with no web build, no logger and plain-http cookies, and no
 * daily scan limit: suites scan as often as they need, as one visitor; the limit's own tests
 * build an app with one (`scanLimitPerDay`).
 */
export async function buildTestApp(database: Database, webDistDir = '/nonexistent-web-dist'): Promise<FastifyInstance> {
  return buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir, scanLimitPerDay: 0 }, database, logger: false });
}

/**
 * A browser-like visitor of `app`, for tests that build their own app (other limits, other
 * options); `remoteAddress` gives it an address of its own (per-address limits such as sign-ups).
 */
export function makeVisitor(app: FastifyInstance, options: { remoteAddress?: string } = {}): Visitor {
  const visitor: Visitor = {
    cookie: undefined,
    async request(method, url, body, headers = {}) {
      const res = await app.inject({
        method,
        url,
        headers: { ...(visitor.cookie ? { cookie: `${SESSION_COOKIE}=${visitor.cookie}` } : {}), ...headers },
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
      const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
      if (set) visitor.cookie = set.value;
      return res;
    },
    get: (url) => visitor.request('GET', url),
    post: (url, body) => visitor.request('POST', url, body),
    patch: (url, body) => visitor.request('PATCH', url, body),
    delete: (url) => visitor.request('DELETE', url),
  };
  return visitor;
}

/**
 * Declares `fn`'s tests once per database in {@link DATABASES}, each against a fresh database
 * and app, so every integration suite is written once and runs on PGlite and PostgreSQL.
 */
export function describeWithDatabases(title: string, fn: (ctx: TestContext) => void): void {
  for (const factory of DATABASES) {
    describe(`${title} [${factory.name}]`, () => {
      const ctx = createContext(factory);
      fn(ctx);
    });
  }
}

function createContext(factory: DatabaseFactory): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await factory.open();
    ctx.app = await buildTestApp(ctx.database);
    ctx.visitor = () => makeVisitor(ctx.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

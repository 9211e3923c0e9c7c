import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MyDataExportSchema } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { DATABASES } from '../../test/databases.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { buildTestApp, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, TEST_PASSWORD } from '../../test/plans.ts';
import { createAccountsRepository } from '../accounts/accounts.repository.ts';
import { createNotificationPreferencesRepository } from '../notification-preferences/notification-preferences.repository.ts';
import { createProtectionSettingsRepository } from '../protection-settings/protection-settings.repository.ts';
import { DEFAULT_PROTECTION_SETTINGS } from '../protection-settings/protection-settings.service.ts';
import { createMyDataRepository, type MyDataRepository } from './my-data.repository.ts';
import { registerMyDataRoutes } from './my-data.routes.ts';
import { createMyDataService, EXPORT_RETRY_AFTER_SECONDS } from './my-data.service.ts';

// Issue 21, "Your data", from the attack review: 20 downloads at once of one big history took the
// server from 0.6 to 1.9 GB. Over a real connection: one download a person, two on the server, the
// history written only as fast as it is read, a reader that stops is cut, HEAD reads nothing, and a
// download cut short by the account's deletion never looks whole.

const EXPORT = '/api/account/export';
/** The same route, served with a short idle time and one place (a service of its own, under a prefix). */
const TUNED = `/tuned${EXPORT}`;
const TUNED_IDLE_MS = 400;
/** A history of 150 messages of 100,000 characters (about 16 MB): far more than a connection's buffers hold. */
const HISTORY = 150;
const DETAILS = { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] };
const bigContent = (i: number) => `${i} Your parcel is held at the depot: pay the €1.99 fee at http://parcel-redelivery.example/${i} `.padEnd(100_000, 'é ');

/** A response whose body is not read until `body()` is called (until then the connection fills up and the server waits). */
interface Download {
  status: number;
  headers: IncomingHttpHeaders;
  /** Resolves when the response is over, whole or cut. */
  closed: Promise<void>;
  /** Whether it ended whole (false: the server cut it). */
  readonly ended: boolean;
  /** Reads the rest and answers it, with whether it ended whole. */
  body(): Promise<{ text: string; ended: boolean }>;
  /** The reader goes away. */
  close(): void;
}

for (const factory of DATABASES) {
  describe(`'Download my data' over a real connection [${factory.name}]`, () => {
    // a port the system picks: two runs of this file at once (two checkouts, two databases) never meet
    let port = 0;
    let database: Database;
    let app: FastifyInstance;
    let snapshots = 0;
    let addresses = 0;
    beforeAll(async () => {
      database = await factory.open();
      app = await buildTestApp(database);
      // the tuned route's service: the real repository (its snapshots counted), the real reads
      const repo = createMyDataRepository(database.db);
      const counted: MyDataRepository = {
        snapshot: (read) => {
          snapshots += 1;
          return repo.snapshot(read);
        },
      };
      const accounts = createAccountsRepository(database.db);
      const protection = createProtectionSettingsRepository(database.db);
      const tuned = createMyDataService({
        repo: counted,
        account: async (id) => {
          const row = await accounts.findById(id);
          if (!row) throw new AppError('NOT_SIGNED_IN');
          return { kind: row.kind, email: row.email, createdAt: row.createdAt.toISOString() };
        },
        subscription: (id) => app.billing.get(id),
        notificationPreferences: (id) => createNotificationPreferencesRepository(database.db).find(id),
        protectionSettings: async (id) => (await protection.find(id)) ?? { ...DEFAULT_PROTECTION_SETTINGS },
        limits: { idleWriteMs: TUNED_IDLE_MS, concurrent: 1 },
      });
      await app.register(async (child) => registerMyDataRoutes(child, tuned), { prefix: '/tuned' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    const visitor = () => makeVisitor(app, { remoteAddress: `198.51.100.${++addresses}` });

    /** An account with a big history, written through the repository as scans would store it. */
    async function withBigHistory(): Promise<{ v: Visitor; id: string }> {
      const v = visitor();
      await signUp(v);
      const id = await userIdOf(database, v);
      const start = Date.now() - 3_600_000;
      for (let at = 0; at < HISTORY; at += 10) {
        await database.db.insert(messages).values(
          Array.from({ length: 10 }, (_, k) => ({ userId: id, kind: 'text' as const, content: bigContent(at + k), sender: '+1 555 0100', source: 'sms' as const, threatLevel: 'phishing' as const, score: 0.97, threatDetails: DETAILS, scanDate: new Date(start + (at + k) * 1000) })),
        );
      }
      return { v, id };
    }

    function download(path: string, v: Visitor | null, method: 'GET' | 'HEAD' = 'GET'): Promise<Download> {
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method, agent: false, headers: v?.cookie ? { cookie: `${SESSION_COOKIE}=${v.cookie}` } : {} }, (res) => {
          // no 'data' listener yet: nothing is read, the connection's buffers fill and the server waits
          let ended = false;
          res.once('end', () => (ended = true));
          res.on('error', () => {});
          const closed = new Promise<void>((done) => res.once('close', () => done()));
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            closed,
            get ended() {
              return ended;
            },
            body: async () => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.resume();
              await closed;
              return { text: Buffer.concat(chunks).toString('utf8'), ended };
            },
            close: () => req.destroy(),
          });
        });
        req.on('error', reject);
        req.end();
      });
    }

    const errorOf = async (d: Download) => JSON.parse((await d.body()).text) as { error: { code: string; message: string } };
    const wholeDocument = async (d: Download) => {
      const { text, ended } = await d.body();
      expect(ended).toBe(true);
      return MyDataExportSchema.parse(JSON.parse(text));
    };

    let a: { v: Visitor; id: string };
    let b: { v: Visitor; id: string };
    beforeAll(async () => {
      a = await withBigHistory();
      b = await withBigHistory();
    });

    it('makes one download a person at a time and two on the server; the rest are told 429 RATE_LIMITED with Retry-After', async () => {
      // 20 at once of one big history: one is made, 19 are refused at once
      const twenty = await Promise.all(Array.from({ length: 20 }, () => download(EXPORT, a.v)));
      expect(twenty.map((d) => d.status).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
      for (const refused of twenty.filter((d) => d.status === 429)) {
        expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
        const { error } = await errorOf(refused);
        expect(error.code).toBe('RATE_LIMITED');
        expect(error.message).toMatch(/already being made, in another tab or window/);
      }
      const first = twenty.find((d) => d.status === 200)!;
      expect(first.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json"$/);

      // a second person's download takes the server's second place; a third person waits
      const second = await download(EXPORT, b.v);
      expect(second.status).toBe(200);
      const third = visitor();
      await signUp(third);
      const refused = await download(EXPORT, third);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      expect((await errorOf(refused)).error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Several downloads of data are being made on this server right now/) });
      // HEAD makes no download: answered with the headers while both places are taken
      const head = await download(EXPORT, third, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-/);
      expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
      expect((await head.body()).text).toBe('');

      // read, both are whole; then the places are free again
      const [mine, theirs] = await Promise.all([wholeDocument(first), wholeDocument(second)]);
      expect(mine.history).toHaveLength(HISTORY);
      expect(mine.history[0]!.content).toBe(bigContent(HISTORY - 1));
      expect(theirs.history).toHaveLength(HISTORY);
      expect(mine.complete).toBe(true);
      const later = await download(EXPORT, third);
      expect(later.status).toBe(200);
      expect((await wholeDocument(later)).history).toEqual([]);
    });

    /** Asks for a download on the tuned route until it is made (the one place is free), for at most 5 s. */
    async function whenFree(v: Visitor): Promise<Download> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const d = await download(TUNED, v);
        if (d.status === 200 || Date.now() > deadline) return d;
        expect(d.status).toBe(429);
        await d.body();
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    it('ends a download whose reader stops reading, and frees its place; a reader that goes frees it too', async () => {
      const started = Date.now();
      const stalled = await download(TUNED, a.v);
      expect(stalled.status).toBe(200);
      // the one place is taken while the server waits for the connection to drain...
      const waiting = await download(TUNED, b.v);
      expect(waiting.status).toBe(429);
      await waiting.body();
      // ...until the reader has taken nothing for the idle time: then the download is ended
      const next = await whenFree(b.v);
      expect(next.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TUNED_IDLE_MS);
      // what the stalled reader gets when it reads again is cut, never a whole document
      const cut = await stalled.body();
      expect(cut.ended).toBe(false);
      expect(cut.text).not.toContain('"complete":true');

      // a reader that goes: its place is freed (at the latest by the idle time)
      next.close();
      const again = await whenFree(a.v);
      expect(again.status).toBe(200);
      const whole = await wholeDocument(again);
      expect(whole.history).toHaveLength(HISTORY);
      expect(whole.complete).toBe(true);
    });

    it('makes the readable copy under the same limits: a data file being made refuses one for the same person (429), and the other way round', async () => {
      const file = await download(EXPORT, a.v);
      expect(file.status).toBe(200);
      const refused = await download(`${EXPORT}?format=html`, a.v);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      // a refusal is an answer to read, never a file named as the data
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect((await errorOf(refused)).error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/already being made, in another tab or window/) });
      await wholeDocument(file);

      const copy = await download(`${EXPORT}?format=html`, a.v);
      expect(copy.status).toBe(200);
      expect(copy.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.html"$/);
      const other = await download(EXPORT, a.v);
      expect(other.status).toBe(429);
      await other.body();
      // read, it is whole: every message of the history, in full, and the line that says so last
      const { text, ended } = await copy.body();
      expect(ended).toBe(true);
      expect(text.match(/<article class="item">/g)).toHaveLength(HISTORY);
      expect(text).toContain(bigContent(HISTORY - 1));
      expect(text).toContain(`${HISTORY} scans in all.`);
      expect(text.trimEnd()).toMatch(/<p id="complete" class="complete">This copy is complete[^<]*<\/p><\/main><\/body><\/html>$/);
    });

    it('cuts a readable copy whose reader stops, and the cut copy lacks the line that says it is complete', async () => {
      const stalled = await download(`${TUNED}?format=html`, a.v);
      expect(stalled.status).toBe(200);
      // the one place is held while the server waits for the reader, then freed by the idle cut
      const next = await whenFree(b.v);
      expect(next.status).toBe(200);
      const cut = await stalled.body();
      expect(cut.ended).toBe(false);
      expect(cut.text).toMatch(/^<!DOCTYPE html>/);
      expect(cut.text).toContain('<section id="scans">');
      expect(cut.text).not.toContain('id="complete"');
      expect(cut.text).not.toContain('This copy is complete');
      await wholeDocument(next);
    });

    it('answers HEAD with the headers and no body, reading nothing', async () => {
      const before = snapshots;
      const head = await download(TUNED, a.v, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(head.headers['cache-control']).toBe('no-store');
      expect((await head.body()).text).toBe('');
      // the readable copy's the same way
      const readable = await download(`${TUNED}?format=html`, a.v, 'HEAD');
      expect(readable.status).toBe(200);
      expect(readable.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.html"$/);
      expect(readable.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(readable.headers['cache-control']).toBe('no-store');
      expect((await readable.body()).text).toBe('');
      expect(snapshots).toBe(before);
      // and a GET does read
      await wholeDocument(await download(TUNED, a.v));
      expect(snapshots).toBe(before + 1);
    });

    it('never passes off a download cut short by the account’s deletion as whole (PostgreSQL: a snapshot from before it)', async () => {
      const started = await download(EXPORT, b.v);
      expect(started.status).toBe(200);
      // the download is under way (its reader paused) when the account is deleted
      const deleted = await b.v.post('/api/auth/delete-account', { password: TEST_PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const { text, ended } = await started.body();
      if (factory.name === 'postgres') {
        // one REPEATABLE READ transaction: the whole history as it was when the download began
        expect(ended).toBe(true);
        const data = MyDataExportSchema.parse(JSON.parse(text));
        expect(data.history).toHaveLength(HISTORY);
        expect(data.complete).toBe(true);
      } else {
        // PGlite reads as it goes: the rest of the history is gone, and the file says it is cut
        expect(ended).toBe(false);
        expect(text).not.toContain('"complete":true');
        expect(() => JSON.parse(text)).toThrow();
        expect(text.length).toBeGreaterThan(0);
      }
    });
  });
}

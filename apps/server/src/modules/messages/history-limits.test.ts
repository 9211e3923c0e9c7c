import { MESSAGE_PREVIEW_CHARS, MessageListSchema, NEXT_CURSOR_HEADER } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { DATABASES } from '../../test/databases.ts';
import { makeVisitor } from '../../test/harness.ts';

/** A 99 KB message, as in the audit, different each time. */
const longMessage = (i: number) => `Message ${i}: your parcel is waiting, pay at http://bit.ly/p${i} ` + 'lorem ipsum dolor sit amet '.repeat(3_660);

for (const factory of DATABASES) {
  describe(`storage caps and the paged history [${factory.name}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await factory.open();
      app = await buildApp({
        config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', rateLimits: false, storageLimits: { messages: 40, reports: 2, blockedSenders: 2 }, historyPageBytes: 20_000 },
        database,
      });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('keep at most the cap of scans: past it the verdict is still answered, unsaved, saying so plainly; nothing is dropped', async () => {
      const visitor = makeVisitor(app);
      await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
      const results = await Promise.all(Array.from({ length: 45 }, (_, i) => visitor.post('/api/scan/text', { content: longMessage(i) })));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const saved = results.filter((r) => r.json().message.id !== null);
      const unsaved = results.filter((r) => r.json().message.id === null);
      expect(saved).toHaveLength(40);
      expect(unsaved).toHaveLength(5);
      for (const r of unsaved) {
        expect(r.json().analysis.threatLevel).not.toBe('safe');
        expect(r.json().analysis.notes[0]).toMatch(/^Not saved to your history: it already holds 40 scans/);
      }

      // every saved scan is still there, read page by page through the cursor
      const seen: string[] = [];
      let url = '/api/messages?limit=1000';
      let pages = 0;
      for (;;) {
        const page = await visitor.get(url);
        expect(page.statusCode).toBe(200);
        // the byte budget holds whatever limit was asked
        expect(page.rawPayload.length).toBeLessThanOrEqual(20_000);
        const list = MessageListSchema.parse(page.json());
        expect(list.length).toBeGreaterThan(0);
        for (const m of list) {
          expect(m.content.length).toBe(MESSAGE_PREVIEW_CHARS);
          expect(m.contentTruncated).toBe(true);
          expect(m.threatDetails.highlights.every((h) => h.end <= MESSAGE_PREVIEW_CHARS)).toBe(true);
        }
        seen.push(...list.map((m) => m.id));
        pages++;
        const next = page.headers[NEXT_CURSOR_HEADER];
        if (next === undefined) break;
        url = `/api/messages?limit=1000&before=${encodeURIComponent(String(next))}`;
      }
      expect(pages).toBeGreaterThan(1);
      expect(new Set(seen)).toEqual(new Set(saved.map((r) => r.json().message.id)));
      expect(seen).toHaveLength(40);

      // the whole message is one request away
      const whole = (await visitor.get(`/api/messages/${seen[0]}`)).json();
      expect(whole.content.length).toBeGreaterThan(90_000);
      expect(whole.threatDetails.recommendations.length).toBeGreaterThan(0);

      // deleting one makes room again
      await visitor.delete(`/api/messages/${seen[0]}`);
      expect((await visitor.post('/api/scan/text', { content: 'one more' })).json().message.id).not.toBeNull();
    });

    it('page by limit and cursor in order, with no duplicates or gaps, filtered by verdict', async () => {
      const visitor = makeVisitor(app);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.unshift((await visitor.post('/api/scan/text', { content: `See you at ${i}` })).json().message.id);
      const first = await visitor.get('/api/messages?limit=3');
      expect(first.json().map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 3));
      const second = await visitor.get(`/api/messages?limit=3&before=${encodeURIComponent(String(first.headers[NEXT_CURSOR_HEADER]))}`);
      expect(second.json().map((m: { id: string }) => m.id)).toEqual(ids.slice(3, 6));
      const third = await visitor.get(`/api/messages?limit=3&before=${encodeURIComponent(String(second.headers[NEXT_CURSOR_HEADER]))}`);
      expect(third.json().map((m: { id: string }) => m.id)).toEqual(ids.slice(6));
      expect(third.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
      expect((await visitor.get('/api/messages?threatLevel=phishing')).json()).toEqual([]);
      expect((await visitor.get('/api/messages?limit=7')).headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    });

    it('refuse a report or a blocked sender past the cap with a clear, stable error', async () => {
      const visitor = makeVisitor(app);
      for (let i = 0; i < 2; i++) expect((await visitor.post('/api/reports', { content: `missed scam ${i}`, kind: 'report' })).statusCode).toBe(201);
      const report = await visitor.post('/api/reports', { content: 'one too many', kind: 'report' });
      expect(report.statusCode).toBe(409);
      expect(report.json().error).toMatchObject({ code: 'REPORTS_LIMIT_REACHED', message: expect.stringContaining('2 reports') });
      expect((await visitor.get('/api/reports')).json()).toHaveLength(2);

      const blocks = await Promise.all(['a@x.test', 'b@x.test', 'c@x.test'].map((sender) => visitor.post('/api/blocked-senders', { sender })));
      expect(blocks.map((b) => b.statusCode).sort()).toEqual([201, 201, 409]);
      expect(blocks.find((b) => b.statusCode === 409)!.json().error.code).toBe('BLOCKED_SENDERS_LIMIT_REACHED');
      // blocking one already blocked is still fine on a full list
      const kept = (await visitor.get('/api/blocked-senders')).json()[0].sender;
      expect((await visitor.post('/api/blocked-senders', { sender: kept.toUpperCase() })).statusCode).toBe(200);
    });
  });
}

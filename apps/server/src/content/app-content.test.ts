import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { defaultContent } from './load-content.ts';
import type { Content, ContentArticle } from './types.ts';

const WALRUS: ContentArticle = {
  id: 'walrus-scams',
  title: 'Walrus adoption scams',
  category: 'Security',
  kind: 'scam-type',
  keywords: ['walrus', 'walrus adoption'],
  summary: 'A message offers a walrus to adopt for a fee paid in gift cards. Nobody sells walruses by text.',
  steps: ['Do not pay for a walrus.'],
  sources: [{ name: 'FTC: Gift card scams', url: 'https://consumer.ftc.gov/articles/avoiding-and-reporting-gift-card-scams' }],
  body: '## What to do\n\n1. Do not pay for a walrus.\n',
  order: 100,
};

describe('the app and its content', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  const build = async (content?: Content) => {
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database, logger: false, ...(content ? { content } : {}) });
    apps.push(app);
    return app;
  };

  it('reads the content folder once and shares it with every app built', async () => {
    const app = await build();
    expect(app.content).toBe(defaultContent());
    expect(app.content.articles.some((a) => a.id === 'smishing-text-scams')).toBe(true);
  });

  it('takes content given to it, and the assistant answers from that content', async () => {
    const content: Content = { articles: [WALRUS], pages: new Map() };
    const app = await build(content);
    expect(app.content).toBe(content);
    const res = await app.inject({ method: 'POST', url: '/api/assistant/chat', payload: { query: 'Someone wants to sell me a walrus for adoption' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.answer).toContain('Walrus adoption scams');
    expect(body.answer).toContain('Do not pay for a walrus.');
    expect(body.sources).toEqual([{ id: 'walrus-scams', title: 'Walrus adoption scams', links: [{ name: 'FTC: Gift card scams', url: 'https://consumer.ftc.gov/articles/avoiding-and-reporting-gift-card-scams' }] }]);
  });
});

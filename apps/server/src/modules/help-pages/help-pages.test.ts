import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELP_PAGE_IDS, HelpPageSchema } from '@baitcheck/contracts';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CONTENT_DIR, loadContent, type ContentPage } from '../../content/load-content.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { describeWithDatabases, makeVisitor } from '../../test/harness.ts';
import { HELP_PAGE_MAX_AGE_SECONDS } from './help-pages.routes.ts';

/** Every node type in a Markdown tree. */
function nodeTypes(markdown: string): Set<string> {
  const types = new Set<string>();
  const walk = (node: Nodes) => {
    types.add(node.type);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown));
  return types;
}

describeWithDatabases('GET /api/help-pages/:id', (ctx) => {
  it.each(HELP_PAGE_IDS)('serves %s as written in content/pages, cacheable and with no session', async (id) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/help-pages/${id}` });
    expect(res.statusCode).toBe(200);
    const page = HelpPageSchema.parse(res.json());
    expect(page.id).toBe(id);
    expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the body is the file's Markdown after its front matter, unchanged
    const file = readFileSync(join(CONTENT_DIR, 'pages', `${id}.md`), 'utf8');
    expect(file).toContain(page.body.trim());
    expect(page.body.length).toBeGreaterThan(2000);
    // public text: cacheable for a while, unlike the personal API answers (no-store)
    expect(res.headers['cache-control']).toBe(`public, max-age=${HELP_PAGE_MAX_AGE_SECONDS}`);
    // reading a page makes no guest
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('names the pages as the app does, the Privacy Policy dated when it last changed (the spec\'s April 7, 2025 until the plugins came: README differences)', async () => {
    const get = async (id: string) => HelpPageSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/help-pages/${id}` })).json());
    expect(await get('privacy-policy')).toMatchObject({ title: 'Privacy Policy', updated: '2026-11-28' });
    expect(await get('terms-of-service')).toMatchObject({ title: 'Terms of Service' });
    expect(await get('faq')).toMatchObject({ title: 'FAQ' });
  });

  it.each(HELP_PAGE_IDS)('%s has no raw HTML in its body, only Markdown', async (id) => {
    const page = HelpPageSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/help-pages/${id}` })).json());
    const types = nodeTypes(page.body);
    expect(types.has('html')).toBe(false);
    expect(types.has('image')).toBe(false);
    // and is not empty Markdown: sections and paragraphs
    expect(types.has('heading')).toBe(true);
    expect(types.has('paragraph')).toBe(true);
  });

  it.each([
    ['an unknown page', 'cookie-policy'],
    ['a page id in another case', 'Privacy-Policy'],
    ['an article id', 'after-clicking-a-link'],
    ['an encoded path', '..%2Fpackage.json'],
    ['__proto__', '__proto__'],
  ])('answers 404 HELP_PAGE_NOT_FOUND for %s', async (_name, id) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/help-pages/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'HELP_PAGE_NOT_FOUND', message: 'This help page does not exist.' });
    // an error is not cached as if it were the page
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses an id longer than any page id (400)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/help-pages/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('serves the same page to a guest and to a signed-in account', async () => {
    const visitor = ctx.visitor();
    expect((await visitor.post('/api/auth/sign-up', { email: 'reader@example.com', password: 'a long enough password' })).statusCode).toBe(201);
    const signedIn = await visitor.get('/api/help-pages/terms-of-service');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/help-pages/terms-of-service' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });
});

describe('GET /api/help-pages/:id when a page is not written', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    const content = loadContent();
    // the content folder as it was before the FAQ existed: the loader allows a missing page
    const pages = new Map([...content.pages].filter(([id]) => id !== 'faq')) as Map<ContentPage['id'], ContentPage>;
    app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0 }, database, logger: false, content: { ...content, pages } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 404 for it and serves the others', async () => {
    const visitor = makeVisitor(app);
    const missing = await visitor.get('/api/help-pages/faq');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('HELP_PAGE_NOT_FOUND');
    expect((await visitor.get('/api/help-pages/privacy-policy')).statusCode).toBe(200);
  });
});

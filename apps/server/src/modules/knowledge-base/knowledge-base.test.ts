import { ArticleVotesSchema, KNOWLEDGE_BASE_CATEGORIES, KnowledgeBaseArticleSchema, KnowledgeBaseListSchema, type KnowledgeBaseArticleSummary } from '@baitcheck/contracts';
import { describe, expect, it } from 'vitest';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';

async function list(visitor: Visitor, search = ''): Promise<KnowledgeBaseArticleSummary[]> {
  const res = await visitor.get(`/api/knowledge-base/articles${search}`);
  expect(res.statusCode).toBe(200);
  return KnowledgeBaseListSchema.parse(res.json()).articles;
}

describeWithDatabases('/api/knowledge-base', (ctx) => {
  describe('the list', () => {
    it('holds every article once, by category in tab order, and each tab has several', async () => {
      const all = await list(ctx.visitor());
      expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
      const ranks = all.map((a) => KNOWLEDGE_BASE_CATEGORIES.indexOf(a.category));
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      for (const category of KNOWLEDGE_BASE_CATEGORIES) {
        const tab = await list(ctx.visitor(), `?category=${encodeURIComponent(category)}`);
        expect(tab.length, category).toBeGreaterThanOrEqual(3);
        expect(tab.every((a) => a.category === category)).toBe(true);
        expect(tab.map((a) => a.id)).toEqual(all.filter((a) => a.category === category).map((a) => a.id));
      }
    });

    it.each([
      ['smishing', /smish|text/i],
      ['refund', /refund|cancel|money-back|plan/i],
      ['clicked a link', /click/i],
      ['change my password', /password|account/i],
      ['pasword', /password|account/i],
    ])('finds what a search for %j is about, best first', async (q, title) => {
      const found = await list(ctx.visitor(), `?q=${encodeURIComponent(q)}`);
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]!.title).toMatch(title);
    });

    it('ranks a country’s article below the general ones unless the search names that country', async () => {
      const scam = await list(ctx.visitor(), '?q=report%20a%20scam');
      expect(scam.length).toBeGreaterThan(1);
      const regional = (a: KnowledgeBaseArticleSummary) => /\b(Australia|UK|United States|US|Canada|India|Ireland|New Zealand)\b/.test(a.title);
      expect(regional(scam[0]!), scam[0]!.title).toBe(false);
      const australia = await list(ctx.visitor(), '?q=report%20a%20scam%20in%20Australia');
      expect(australia[0]!.title).toMatch(/Australia/);
    });

    it('searches within a category, and finds nothing for words no article has', async () => {
      const everywhere = await list(ctx.visitor(), '?q=scam');
      const billing = await list(ctx.visitor(), '?q=scam&category=Billing');
      expect(billing.every((a) => a.category === 'Billing')).toBe(true);
      expect(billing.length).toBeLessThan(everywhere.length);
      expect(await list(ctx.visitor(), '?q=xylophonequasar')).toEqual([]);
      // a blank search is no search
      expect((await list(ctx.visitor(), '?q=%20%20')).length).toBe((await list(ctx.visitor())).length);
    });

    it.each([
      ['a search longer than 200 characters', `?q=${'a'.repeat(201)}`, 'q'],
      ['an unknown category', '?category=Gossip', 'category'],
      ['an unknown parameter', '?sort=new', ''],
    ])('refuses %s with 400', async (_name, search, field) => {
      const res = await ctx.visitor().get(`/api/knowledge-base/articles${search}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().error.details[0].field).toBe(field);
    });
  });

  describe('an article', () => {
    it('comes whole: Markdown body with no raw HTML, sources, and no votes yet', async () => {
      const [first] = await list(ctx.visitor());
      const res = await ctx.visitor().get(`/api/knowledge-base/articles/${first!.id}`);
      expect(res.statusCode).toBe(200);
      const article = KnowledgeBaseArticleSchema.parse(res.json());
      expect(article).toMatchObject({ id: first!.id, title: first!.title, category: first!.category, summary: first!.summary });
      expect(article.body.length).toBeGreaterThan(100);
      expect(article.body).not.toMatch(/<[a-z]/i);
      expect(article.votes).toEqual({ helpful: 0, notHelpful: 0, yours: null });
    });

    it('answers 404 ARTICLE_NOT_FOUND for an id no article has, and 400 for one that is not an id', async () => {
      const missing = await ctx.visitor().get('/api/knowledge-base/articles/no-such-article');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('ARTICLE_NOT_FOUND');
      const bad = await ctx.visitor().get('/api/knowledge-base/articles/..%2Fpages%2Ffaq');
      expect(bad.statusCode).toBe(400);
      // longer than the router's parameters once were (it answered 405): the schema's 400
      const long = await ctx.visitor().get(`/api/knowledge-base/articles/${'a'.repeat(150)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().error.details[0].field).toBe('id');
    });
  });

  describe('Was this article helpful?', () => {
    it('keeps one vote per person and article, the latest, and counts everyone’s', async () => {
      const [article] = await list(ctx.visitor(), '?category=Security');
      const path = `/api/knowledge-base/articles/${article!.id}`;
      const ann = ctx.visitor();
      const bob = ctx.visitor();

      const res = await ann.post(`${path}/vote`, { helpful: true });
      expect(res.statusCode).toBe(200);
      expect(ArticleVotesSchema.parse(res.json())).toEqual({ helpful: 1, notHelpful: 0, yours: true });
      // the same vote again changes nothing; the other answer replaces it
      expect((await ann.post(`${path}/vote`, { helpful: true })).json()).toEqual({ helpful: 1, notHelpful: 0, yours: true });
      expect((await ann.post(`${path}/vote`, { helpful: false })).json()).toEqual({ helpful: 0, notHelpful: 1, yours: false });

      expect((await bob.post(`${path}/vote`, { helpful: true })).json()).toEqual({ helpful: 1, notHelpful: 1, yours: true });
      expect(KnowledgeBaseArticleSchema.parse((await ann.get(path)).json()).votes).toEqual({ helpful: 1, notHelpful: 1, yours: false });
      expect(KnowledgeBaseArticleSchema.parse((await ctx.visitor().get(path)).json()).votes).toEqual({ helpful: 1, notHelpful: 1, yours: null });
    });

    it('counts a burst of votes from one person once', async () => {
      const [article] = await list(ctx.visitor(), '?category=General');
      const path = `/api/knowledge-base/articles/${article!.id}/vote`;
      const cara = ctx.visitor();
      // the first vote makes cara's session; the burst then comes from one person
      expect((await cara.post(path, { helpful: true })).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => cara.post(path, { helpful: i % 2 === 0 })));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const votes = KnowledgeBaseArticleSchema.parse((await cara.get(`/api/knowledge-base/articles/${article!.id}`)).json()).votes;
      expect(votes.helpful + votes.notHelpful).toBe(1);
    });

    it('refuses a vote on no article, or without a yes or no, and stores nothing', async () => {
      const dan = ctx.visitor();
      const missing = await dan.post('/api/knowledge-base/articles/no-such-article/vote', { helpful: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('ARTICLE_NOT_FOUND');
      const [article] = await list(dan, '?category=Account');
      for (const body of [{}, { helpful: 'yes' }, { helpful: true, extra: 1 }, null]) {
        const res = await dan.post(`/api/knowledge-base/articles/${article!.id}/vote`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(KnowledgeBaseArticleSchema.parse((await dan.get(`/api/knowledge-base/articles/${article!.id}`)).json()).votes.yours).toBeNull();
    });
  });
});

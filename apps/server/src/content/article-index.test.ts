import { describe, expect, it } from 'vitest';
import { createArticleIndex, normalizeTerm } from './article-index.ts';
import { defaultContent } from './load-content.ts';
import type { ContentArticle } from './types.ts';

const index = createArticleIndex(defaultContent().articles);
/** The ids of the best `n` articles for `query`. */
const top = (query: string, n = 3) => index.search(query, n).map((r) => r.article.id);

describe('createArticleIndex over the content folder: the Knowledge Base search', () => {
  it.each([
    // one word, as people type into a search box
    ['smishing', 'smishing-text-scams'],
    ['toll', 'unpaid-toll-texts'],
    ['cancel', 'baitcheck-cancel-and-refund'],
    ['plugins', 'baitcheck-source-plugins'],
    ['passkey', 'passkeys'],
    ['support', 'baitcheck-contact-support'],
    ['price', 'baitcheck-plans-and-prices'],
    ['delete', 'baitcheck-delete-your-data'],
    ['history', 'baitcheck-history-retention'],
    ['privacy', 'baitcheck-enhanced-scan-privacy'],
    // the start of a word
    ['smish', 'smishing-text-scams'],
    ['plug', 'baitcheck-source-plugins'],
    ['passk', 'passkeys'],
    // a typo
    ['pasword', 'after-entering-a-password'],
    // a few words
    ['delete my account', 'baitcheck-delete-your-data'],
    ['invite family', 'baitcheck-family-plan'],
    ['on-device scanning', 'baitcheck-on-device-scanning'],
    ['what to do after clicking a link', 'after-clicking-a-link'],
    ['report a scam in the UK', 'report-scams-uk'],
    ['card declined', 'baitcheck-payment-failed'],
  ])('"%s" finds %s first', (query, id) => {
    expect(top(query, 1)).toEqual([id]);
  });

  it.each([
    ['refund', 'baitcheck-cancel-and-refund'],
    ['refu', 'baitcheck-cancel-and-refund'],
    ['password', 'baitcheck-change-password'],
    ['password', 'strong-passwords-and-password-manager'],
    ['scan', 'baitcheck-how-to-scan'],
    ['family', 'baitcheck-family-dashboard'],
    ['report', 'report-scams-us'],
  ])('"%s" finds %s among the first three', (query, id) => {
    expect(top(query)).toContain(id);
  });

  it('finds nothing for words no article has, or for words that carry no topic', () => {
    expect(index.search('xylophone', 50)).toEqual([]);
    expect(index.search('how do I', 50)).toEqual([]);
    expect(index.search('', 50)).toEqual([]);
  });

  it('matches a short start of a word only when it is the whole search, not inside a question', () => {
    // "pas" alone finds passwords and passkeys; among other words it would mostly match noise
    expect(top('pas', 10)).toEqual(expect.arrayContaining(['passkeys', 'strong-passwords-and-password-manager']));
    expect(top('xylophone pas', 10)).toEqual([]);
  });

  it('returns best first, at most the limit, with scores', () => {
    const found = index.search('scam text message', 50);
    expect(found.length).toBeGreaterThan(3);
    expect(found.length).toBeLessThanOrEqual(50);
    expect(index.search('scam text message', 2)).toHaveLength(2);
    for (let i = 1; i < found.length; i++) expect(found[i]!.score).toBeLessThanOrEqual(found[i - 1]!.score);
  });

  it('gets an article by id', () => {
    expect(index.get('passkeys')?.title).toMatch(/passkey/i);
    expect(index.get('no-such-article')).toBeUndefined();
  });
});

describe('createArticleIndex: what it indexes', () => {
  const base: ContentArticle = {
    id: 'x',
    title: 'Untitled',
    category: 'General',
    kind: 'product',
    keywords: ['nothing'],
    summary: 'Nothing here.',
    // every field the same length in every article, so only the field's weight tells them apart
    signs: ['Nothing seen.'],
    steps: ['Nothing found.'],
    sources: [],
    body: 'Nothing written.\n\n## What to do\n\n1. Nothing found.\n',
    order: 100,
  };
  const only = (field: Partial<ContentArticle>, id: string): ContentArticle => ({ ...base, ...field, id });

  it('searches the title, keywords, summary, signs, steps and the rest of the body, weighing them in that order', () => {
    const articles = [
      only({ title: 'Walrus' }, 'in-title'),
      only({ keywords: ['walrus'] }, 'in-keywords'),
      only({ summary: 'Walrus here.' }, 'in-summary'),
      only({ signs: ['Walrus seen.'] }, 'in-signs'),
      only({ steps: ['Walrus found.'] }, 'in-steps'),
      only({ body: 'Walrus written.\n\n## What to do\n\n1. Nothing found.\n' }, 'in-prose'),
      only({}, 'nowhere'),
    ];
    const found = createArticleIndex(articles).search('walrus', 10).map((r) => r.article.id);
    expect(found).toEqual(['in-keywords', 'in-title', 'in-summary', 'in-signs', 'in-steps', 'in-prose']);
  });

  it('does not count the signs and steps a second time as body text', () => {
    const steps = ['Walrus found.'];
    const withBody = only({ steps, body: '## What to do\n\n1. Walrus found.\n' }, 'a');
    const without = only({ steps, body: '' }, 'b');
    const [a, b] = [createArticleIndex([withBody, base]).search('walrus')[0], createArticleIndex([without, base]).search('walrus')[0]];
    expect(a?.score).toBeCloseTo(b?.score ?? 0, 6);
  });
});

describe('normalizeTerm and termsOf', () => {
  it('drops stop words and stems lightly', () => {
    expect(normalizeTerm('clicked')).toBe('click');
    expect(normalizeTerm('clicking')).toBe('click');
    expect(normalizeTerm('scams')).toBe('scam');
    expect(normalizeTerm("Don't")).toBe('dont');
    expect(normalizeTerm('the')).toBeNull();
    expect(normalizeTerm('7726')).toBe('7726');
    expect(index.termsOf('What should I do if I clicked the links?')).toEqual(['click', 'link']);
  });
});

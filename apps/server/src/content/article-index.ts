import MiniSearch from 'minisearch';
import { proseOf } from './load-content.ts';
import type { ContentArticle } from './types.ts';

/** Words that carry no topic: questions are full of them ("what should I do if I..."). */
const STOP_WORDS = new Set(
  (
    'a an the and or but if then so to of in on at for from by with about as into is are was were be been being am do does did doing have has had ' +
    'i me my mine we our you your he she it its they them their this that these those there here what which who whom whose when where why how ' +
    'can could should would will shall may might must not no yes just only also very really too please help thanks thank hi hello hey ' +
    'get got getting go going know think want need tell say said like one some any all more most much many now again still ever'
  ).split(' '),
);

/** Lower case, apostrophes dropped, a light English stemmer: "clicked", "clicking" → "click"; "scams" → "scam". */
export function normalizeTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/['’]/g, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  if (/^\d+$/.test(t)) return t;
  let s = t;
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ied')) s = `${s.slice(0, -3)}y`;
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 4 && s.endsWith('ies')) s = `${s.slice(0, -3)}y`;
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us')) s = s.slice(0, -1);
  return s;
}

/** An article found for a query, with its BM25 score. */
export interface Retrieved {
  article: ContentArticle;
  score: number;
}

/**
 * A query term is also matched as the start of longer words ("phish" finds "phishing") from 5
 * letters, or from 3 when it is the query's only term: a Knowledge Base search is often one word
 * or the start of one ("refu", "pass"), while in a question's many words a short prefix would
 * mostly match noise.
 */
function matchesPrefix(term: string, _i: number, terms: readonly string[]): boolean {
  return term.length >= 5 || (terms.length === 1 && term.length >= 3);
}

/**
 * The prose of each article, parsed once: the assistant and the Knowledge Base each build an index
 * of the same articles (and tests build many apps), and parsing Markdown is the costly part.
 */
const proseCache = new WeakMap<ContentArticle, string>();
function proseOfArticle(article: ContentArticle): string {
  let prose = proseCache.get(article);
  if (prose === undefined) {
    prose = proseOf(article.body);
    proseCache.set(article, prose);
  }
  return prose;
}

/**
 * BM25 search (MiniSearch's BM25+) over the articles, for the assistant and the Knowledge Base:
 * keywords and title weigh most, then the summary and signs, then the steps, then any other
 * prose of the body. Fuzzy matching forgives typos ("pasword", "ctypto").
 */
export function createArticleIndex(articles: readonly ContentArticle[]) {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const index = new MiniSearch<{ id: string; title: string; keywords: string; summary: string; signs: string; steps: string; prose: string }>({
    fields: ['title', 'keywords', 'summary', 'signs', 'steps', 'prose'],
    processTerm: (term) => normalizeTerm(term),
    searchOptions: {
      boost: { keywords: 4, title: 3, summary: 1.5, signs: 1.2, steps: 1, prose: 0.5 },
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      prefix: matchesPrefix,
    },
  });
  index.addAll(
    articles.map((a) => ({
      id: a.id,
      title: a.title,
      keywords: a.keywords.join(' | '),
      summary: a.summary,
      signs: (a.signs ?? []).join(' '),
      steps: a.steps.join(' '),
      prose: proseOfArticle(a),
    })),
  );
  return {
    /** Articles for `query`, best first, at most `limit`. */
    search(query: string, limit = 3): Retrieved[] {
      return index
        .search(query.slice(0, 2000))
        .slice(0, limit)
        .flatMap((r) => {
          const article = byId.get(String(r.id));
          return article ? [{ article, score: r.score }] : [];
        });
    },
    /** The terms of `query` the index would search for (after stop words and stemming). */
    termsOf(query: string): string[] {
      return (query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).map(normalizeTerm).filter((t): t is string => t !== null);
    },
    get(id: string): ContentArticle | undefined {
      return byId.get(id);
    },
  };
}

/** A search index over articles. */
export type ArticleIndex = ReturnType<typeof createArticleIndex>;

import { KNOWLEDGE_BASE_CATEGORIES, type ArticleVotes, type KnowledgeBaseArticle, type KnowledgeBaseArticleSummary, type KnowledgeBaseQuery } from '@baitcheck/contracts';
import type { ArticleIndex } from '../../content/article-index.ts';
import type { ContentArticle } from '../../content/load-content.ts';
import { regionOf } from '../../content/regions.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KnowledgeBaseRepository } from './knowledge-base.repository.ts';

/** How much a country's article counts in a search that names no country, or another one. */
const OTHER_REGION_WEIGHT = 0.5;

/** The most articles one search answers: every article that matches at all, in practice. */
const MAX_SEARCH_RESULTS = 100;

function toSummary(article: ContentArticle): KnowledgeBaseArticleSummary {
  return { id: article.id, title: article.title, category: article.category, summary: article.summary };
}

/**
 * The Knowledge Base (issue 17): the content folder's articles, listed by category in reading
 * order or searched with the assistant's index (MiniSearch BM25), and one helpful-or-not vote
 * per person and article.
 */
/** `index` is the assistant's search over the same `articles` (built once, in app.ts). */
export function createKnowledgeBaseService({ articles, index, repo }: { articles: readonly ContentArticle[]; index: ArticleIndex; repo: KnowledgeBaseRepository }) {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const categoryRank = (a: ContentArticle) => KNOWLEDGE_BASE_CATEGORIES.indexOf(a.category);
  const inReadingOrder = [...articles].sort((a, b) => categoryRank(a) - categoryRank(b) || a.order - b.order || a.title.localeCompare(b.title, 'en'));

  // one country's article (where to report in Australia) is for people there: below the general
  // ones unless the search names that country
  function search(q: string): ContentArticle[] {
    const named = regionOf(q);
    return index
      .search(q, MAX_SEARCH_RESULTS)
      .map((r) => ({ article: r.article, score: r.article.region !== undefined && r.article.region !== named ? r.score * OTHER_REGION_WEIGHT : r.score }))
      .sort((a, b) => b.score - a.score)
      .map((r) => r.article);
  }

  function requireArticle(id: string): ContentArticle {
    const article = byId.get(id);
    if (!article) throw new AppError('ARTICLE_NOT_FOUND');
    return article;
  }

  return {
    /** Without a search, every article of the category (or all) in reading order; with one, the matches, best first. */
    list(query: KnowledgeBaseQuery): { articles: KnowledgeBaseArticleSummary[] } {
      const inCategory = (a: ContentArticle) => query.category === undefined || a.category === query.category;
      const q = query.q?.trim() ?? '';
      const found = q === '' ? inReadingOrder : search(q);
      return { articles: found.filter(inCategory).map(toSummary) };
    },

    async get(userId: string, id: string): Promise<KnowledgeBaseArticle> {
      const article = requireArticle(id);
      return {
        ...toSummary(article),
        body: article.body,
        sources: article.sources.map((s) => ({ name: s.name, url: s.url })),
        region: article.region ?? null,
        votes: await repo.votesFor(article.id, userId),
      };
    },

    async vote(userId: string, id: string, helpful: boolean): Promise<ArticleVotes> {
      const article = requireArticle(id);
      await repo.vote(userId, article.id, helpful);
      return repo.votesFor(article.id, userId);
    },
  };
}

/** The Knowledge Base's rules. */
export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>;

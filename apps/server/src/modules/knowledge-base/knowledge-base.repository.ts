import type { ArticleVotes } from '@baitcheck/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { articleVotes } from '../../db/schema.ts';

/** All SQL of the Knowledge Base: the 'Was this article helpful?' votes. */
export function createKnowledgeBaseRepository(db: Db) {
  return {
    /** An article's counts, and `userId`'s own vote (null when they have not voted). */
    async votesFor(articleId: string, userId: string): Promise<ArticleVotes> {
      const [counts] = await db
        .select({
          helpful: count(sql`case when ${articleVotes.helpful} then 1 end`),
          notHelpful: count(sql`case when not ${articleVotes.helpful} then 1 end`),
        })
        .from(articleVotes)
        .where(eq(articleVotes.articleId, articleId));
      const [own] = await db
        .select({ helpful: articleVotes.helpful })
        .from(articleVotes)
        .where(and(eq(articleVotes.articleId, articleId), eq(articleVotes.userId, userId)))
        .limit(1);
      return { helpful: counts?.helpful ?? 0, notHelpful: counts?.notHelpful ?? 0, yours: own?.helpful ?? null };
    },

    /** Records `userId`'s vote on an article, replacing their earlier one: one vote per person and article. */
    async vote(userId: string, articleId: string, helpful: boolean): Promise<void> {
      await db
        .insert(articleVotes)
        .values({ userId, articleId, helpful })
        .onConflictDoUpdate({ target: [articleVotes.userId, articleVotes.articleId], set: { helpful, updatedAt: sql`now()` } });
    },
  };
}

/** The Knowledge Base's SQL. */
export type KnowledgeBaseRepository = ReturnType<typeof createKnowledgeBaseRepository>;

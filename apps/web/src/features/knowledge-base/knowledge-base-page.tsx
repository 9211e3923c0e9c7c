import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { KnowledgeBaseCategory } from '@baitcheck/contracts';
import { KNOWLEDGE_BASE_ARTICLE_PARAM } from '@/config/paths';
import { HelpPageShell } from '@/components/help/help-page-shell';
import { ArticleBrowser, type BrowserState } from './article-browser';
import { ArticleView } from './article-view';

/**
 * The Knowledge Base (spec section 2): search, category tabs and the article list, or one
 * article when the address names it (`/knowledge-base?article=id`, a link anyone can share). The
 * search and tab are kept here, so 'Back to articles' returns to the list as it was, with the
 * focus on the article just read.
 */
export default function KnowledgeBasePage() {
  const articleId = new URLSearchParams(useSearch()).get(KNOWLEDGE_BASE_ARTICLE_PARAM);
  const [browser, setBrowser] = useState<BrowserState>({ query: '', category: null as KnowledgeBaseCategory | null });
  // the article being read or last read: back on the list, its link takes the focus (and its category stays whole)
  const [lastRead, setLastRead] = useState<string | null>(null);

  useEffect(() => {
    if (!articleId) return;
    setLastRead(articleId);
    window.scrollTo?.(0, 0);
  }, [articleId]);

  return (
    <HelpPageShell title="Knowledge Base" intro="Short guides to spotting scams, what to do after one, and using Baitcheck.">
      {articleId ? (
        <ArticleView id={articleId} />
      ) : (
        <ArticleBrowser state={browser} onChange={setBrowser} returnFocusTo={lastRead} onFocusReturned={() => setLastRead(null)} />
      )}
    </HelpPageShell>
  );
}

import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { KnowledgeBaseArticle } from '@baitcheck/contracts';
import { Markdown, MarkdownLink } from '@/components/help/markdown';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useArticle } from './api';
import { ArticleVotes } from './article-votes';

/** Whether a failed load was the server saying there is no such article (or the id is not one). */
function isMissing(error: unknown): boolean {
  return error instanceof Error && /^(404|400): /.test(error.message);
}

/** One article: 'Back to articles', its title, the text, its sources and 'Was this article helpful?'. */
export function ArticleView({ id }: { id: string }) {
  const article = useArticle(id);
  return (
    <div>
      <BackToArticles />
      {article.isPending ? (
        <div role="status" aria-label="Loading the article" className="space-y-3">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : article.isError ? (
        isMissing(article.error) ? (
          <Card className="p-6">
            <h2 tabIndex={-1} className="text-lg font-semibold text-slate-900">
              We couldn’t find this article
            </h2>
            <p className="mt-1 text-sm text-slate-700">The link may be old or mistyped. Search the articles for what you need.</p>
          </Card>
        ) : (
          <LoadError error={article.error} message="The article could not be loaded." onRetry={() => void article.refetch()} retrying={article.isFetching} />
        )
      ) : (
        <ArticleBody article={article.data} />
      )}
    </div>
  );
}

function BackToArticles() {
  return (
    <Link href={paths.knowledgeBase} className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary-strong hover:underline focus-ring">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to articles
    </Link>
  );
}

function ArticleBody({ article }: { article: KnowledgeBaseArticle }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // opening an article (from the list, or a shared link) starts the reader at its title
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [article.id]);
  // the tab's title names the article ('How to spot … · Knowledge Base · Baitcheck'), the page's again once it closes
  useEffect(() => {
    const pageTitle = document.title;
    document.title = `${article.title} · ${pageTitle}`;
    return () => {
      document.title = pageTitle;
    };
  }, [article.title]);
  return (
    <article aria-labelledby={`article-${article.id}`}>
      <Card className="p-4 sm:p-6">
        <div className="mb-2 flex flex-wrap gap-2">
          <Badge variant="neutral">{article.category}</Badge>
          {article.region ? <Badge variant="neutral">For {article.region}</Badge> : null}
        </div>
        <h2 id={`article-${article.id}`} ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          {article.title}
        </h2>
        <p className="mt-2 text-base text-slate-800">{article.summary}</p>
        <div className="mt-4">
          <Markdown source={article.body} headingOffset={1} />
        </div>
        {article.sources.length > 0 ? (
          <section aria-labelledby={`sources-${article.id}`} className="mt-6 border-t border-slate-200 pt-4">
            <h3 id={`sources-${article.id}`} className="text-sm font-semibold text-slate-900">
              Sources
            </h3>
            <ul className="mt-2 space-y-1 text-sm">
              {article.sources.map((source) => (
                <li key={source.url}>
                  <SourceLink name={source.name} url={source.url} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Card>
      <ArticleVotes id={article.id} votes={article.votes} />
    </article>
  );
}

/** A source's link, as safe as a link in the text: an https page (new tab) or an in-app path; anything else only its name. */
function SourceLink({ name, url }: { name: string; url: string }) {
  return <MarkdownLink href={url}>{name}</MarkdownLink>;
}

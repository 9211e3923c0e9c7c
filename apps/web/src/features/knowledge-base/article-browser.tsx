import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Link } from 'wouter';
import { ChevronRight, Search } from 'lucide-react';
import type { KnowledgeBaseArticleSummary, KnowledgeBaseCategory } from '@baitcheck/contracts';
import { KNOWLEDGE_BASE_CATEGORIES, MAX_KNOWLEDGE_BASE_QUERY_LENGTH } from '@baitcheck/contracts/lite';
import { UrgentHelp } from '@/components/help/urgent-help';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { assistantHref, knowledgeBaseArticleHref, paths } from '@/config/paths';
import { useArticles } from './api';

/** The list's search and category tab ('All' is null). */
export interface BrowserState {
  query: string;
  category: KnowledgeBaseCategory | null;
}

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 250;

const ALL = 'All';
const TABS = [ALL, ...KNOWLEDGE_BASE_CATEGORIES] as const;

/** The search box, the category tabs (All, General, Security, How-To, Account, Billing) and the articles. */
export function ArticleBrowser({
  state,
  onChange,
  returnFocusTo,
  onFocusReturned,
}: {
  state: BrowserState;
  onChange: (state: BrowserState) => void;
  /** An article whose link takes the focus once the list shows it (back from reading it). */
  returnFocusTo: string | null;
  onFocusReturned: () => void;
}) {
  const searchId = useId();
  const [typed, setTyped] = useState(state.query);
  const tabsRef = useRef<HTMLDivElement>(null);
  // 'Show all … articles' goes to that category's tab; the button is gone then, so the focus goes to the tab
  const [focusTab, setFocusTab] = useState(false);
  useEffect(() => {
    if (!focusTab) return;
    tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    setFocusTab(false);
  }, [focusTab, state.category]);
  // the search runs once typing pauses; Enter runs it at once
  useEffect(() => {
    if (typed === state.query) return;
    const timer = setTimeout(() => onChange({ ...state, query: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, state, onChange]);

  return (
    <div>
      <UrgentHelp />
      <form
        role="search"
        aria-label="Knowledge Base"
        className="relative my-4"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ ...state, query: typed });
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search articles
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <Input
          id={searchId}
          type="search"
          value={typed}
          maxLength={MAX_KNOWLEDGE_BASE_QUERY_LENGTH}
          placeholder="Search articles..."
          autoComplete="off"
          className="pl-9"
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      <Tabs value={state.category ?? ALL} onValueChange={(value) => onChange({ ...state, category: value === ALL ? null : (value as KnowledgeBaseCategory) })}>
        <TabsList ref={tabsRef} aria-label="Article categories" className="grid grid-cols-3 sm:flex">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="min-w-fit">
              {tab}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab} className="mt-4">
            <ArticleList
              query={state.query}
              category={tab === ALL ? null : tab}
              returnFocusTo={returnFocusTo}
              onFocusReturned={onFocusReturned}
              onShowCategory={(category) => {
                onChange({ ...state, category });
                setFocusTab(true);
              }}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Articles of each category the All tab shows before its 'Show all' button (without a search). */
export const ALL_TAB_PREVIEW = 4;

function ArticleList({
  query,
  category,
  returnFocusTo,
  onFocusReturned,
  onShowCategory,
}: {
  query: string;
  category: KnowledgeBaseCategory | null;
  returnFocusTo: string | null;
  onFocusReturned: () => void;
  onShowCategory: (category: KnowledgeBaseCategory) => void;
}) {
  const articles = useArticles(query, category);
  const listRef = useRef<HTMLDivElement>(null);
  // back from an article further down a category of All: that category stays whole, so the article's link is there to focus
  const [keepWholeFor] = useState(returnFocusTo);
  const list = articles.data?.articles;

  useEffect(() => {
    if (!returnFocusTo || !list) return;
    const link = listRef.current?.querySelector<HTMLElement>(`[data-article-id="${CSS.escape(returnFocusTo)}"]`);
    link?.focus();
    onFocusReturned();
  }, [returnFocusTo, list, onFocusReturned]);

  if (articles.isPending) {
    return (
      <div role="status" aria-label="Loading articles" className="space-y-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (articles.isError || !articles.data || !list) {
    return <LoadError error={articles.error} message="The articles could not be loaded." onRetry={() => void articles.refetch()} retrying={articles.isFetching} />;
  }
  // laid out for the search the list answers: the one typed may still be loading (a link must not move under a pointer)
  const shownQuery = articles.data.query;
  const searching = shownQuery !== '';
  // All, without a search: a few of each category, so the tabs stay the way to a whole category
  const grouped = !searching && category === null;
  return (
    <div ref={listRef}>
      {/* one status, there from the start, says what the list holds: a region inserted with its words is often not read */}
      <p role="status" className={cn('mb-2 text-sm text-slate-600', list.length === 0 && 'sr-only')}>
        {list.length === 0 ? 'No results found' : countWords(list.length, searching, shownQuery)}
      </p>
      {list.length === 0 ? (
        <NoResults searching={searching} />
      ) : grouped ? (
        <div className="space-y-6" aria-busy={articles.isFetching}>
          {KNOWLEDGE_BASE_CATEGORIES.map((group) => {
            const inGroup = list.filter((a) => a.category === group);
            if (inGroup.length === 0) return null;
            const shown = keepWholeFor && inGroup.some((a) => a.id === keepWholeFor) ? inGroup : inGroup.slice(0, ALL_TAB_PREVIEW);
            return (
              <section key={group} aria-labelledby={`kb-group-${group}`}>
                <h2 id={`kb-group-${group}`} className="mb-2 text-lg font-semibold text-slate-900">
                  {group}
                </h2>
                <Articles articles={shown} />
                {inGroup.length > shown.length ? (
                  <Button variant="link" className="mt-1 h-auto min-h-11" onClick={() => onShowCategory(group)}>
                    Show all {inGroup.length} {group} articles
                  </Button>
                ) : null}
              </section>
            );
          })}
        </div>
      ) : (
        // the category on each result only where the list mixes them (a search of All)
        <Articles articles={list} busy={articles.isFetching} showCategory={category === null} />
      )}
    </div>
  );
}

function Articles({ articles, busy, showCategory = false }: { articles: readonly KnowledgeBaseArticleSummary[]; busy?: boolean; showCategory?: boolean }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-busy={busy}>
      {articles.map((article) => (
        <ArticleItem key={article.id} article={article} showCategory={showCategory} />
      ))}
    </ul>
  );
}

function countWords(n: number, searching: boolean, query: string): string {
  const articles = n === 1 ? '1 article' : `${n} articles`;
  return searching ? `${articles} for “${query}”` : articles;
}

function ArticleItem({ article, showCategory }: { article: KnowledgeBaseArticleSummary; showCategory: boolean }) {
  return (
    <li>
      <Link
        href={knowledgeBaseArticleHref(article.id)}
        data-article-id={article.id}
        className="group flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-primary focus-ring"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900 group-hover:text-primary-strong">{article.title}</span>
          <span className="mt-1 line-clamp-2 text-sm text-slate-700">{article.summary}</span>
          {showCategory ? (
            <Badge variant="neutral" className="mt-2">
              {article.category}
            </Badge>
          ) : null}
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}

function NoResults({ searching }: { searching: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p aria-hidden="true" className="font-semibold text-slate-900">
        No results found
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {searching ? 'Try other words, or another category. ' : ''}
        If something just happened, start with{' '}
        <Link href={knowledgeBaseArticleHref('after-clicking-a-link')} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          what to do after clicking a link
        </Link>{' '}
        or the{' '}
        <Link href={knowledgeBaseArticleHref('first-steps-after-a-scam')} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          first steps after a scam
        </Link>
        . You can also{' '}
        <Link href={assistantHref} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          ask the assistant
        </Link>{' '}
        or{' '}
        <Link href={paths.contactSupport} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}

import { useMemo } from 'react';
import type { HelpPageId } from '@baitcheck/contracts/lite';
import { HelpPageShell } from '@/components/help/help-page-shell';
import { Markdown, listMarkdownHeadings } from '@/components/help/markdown';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { formatUpdated, useHelpPage } from './api';
import { useHashTarget } from './use-hash-target';

/** The table of contents: a link to each '##' section of the page. */
function TableOfContents({ body }: { body: string }) {
  const sections = useMemo(() => listMarkdownHeadings(body), [body]);
  if (sections.length === 0) return null;
  return (
    <nav aria-labelledby="toc-heading" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="toc-heading" className="text-base font-semibold text-slate-900">
        Contents
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm marker:text-slate-600 sm:columns-2 sm:gap-8">
        {sections.map((s) => (
          <li key={s.id} className="break-inside-avoid pl-1">
            <a href={`#${s.id}`} className="block rounded-sm py-1 font-medium text-primary-strong underline-offset-2 hover:underline focus-ring">
              {s.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A legal page (Privacy Policy, Terms of Service): its date, a table of contents of its sections,
 * then the text, all from the server's content. The title is the page's own and shows at once,
 * so the heading is there for the focus while the text loads.
 */
export function LegalPage({ id, title }: { id: HelpPageId; title: string }) {
  const page = useHelpPage(id);
  useHashTarget(page.isSuccess);
  return (
    <HelpPageShell title={title} intro={page.data ? <p>Last updated: {formatUpdated(page.data.updated)}</p> : null}>
      {page.isPending ? (
        <SkeletonList label={`Loading the ${title}`} items={['h-40', 'h-6', 'h-24', 'h-24', 'h-24']} />
      ) : page.isError ? (
        <LoadError error={page.error} message={`Could not load the ${title}.`} onRetry={() => void page.refetch()} retrying={page.isFetching} />
      ) : (
        <>
          <TableOfContents body={page.data.body} />
          <Markdown source={page.data.body} />
        </>
      )}
    </HelpPageShell>
  );
}

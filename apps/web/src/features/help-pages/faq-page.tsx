import { useCallback, useMemo, useState } from 'react';
import { ChevronDown, ChevronsUpDown } from 'lucide-react';
import { HelpPageShell } from '@/components/help/help-page-shell';
import { Markdown } from '@/components/help/markdown';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useHelpPage } from './api';
import { parseFaq, type FaqQuestion } from './faq';
import { useHashTarget } from './use-hash-target';

const answerId = (questionId: string) => `${questionId}-answer`;

/**
 * One question as a disclosure (WAI-ARIA APG): a button inside the question's heading, telling
 * whether its answer is shown (aria-expanded) and which element it shows (aria-controls); the
 * answer is hidden from everyone while closed.
 */
function Question({ question, open, onToggle }: { question: FaqQuestion; open: boolean; onToggle: (id: string) => void }) {
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h3 id={question.id} className="text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId(question.id)}
          onClick={() => onToggle(question.id)}
          className="flex min-h-12 w-full cursor-pointer items-center justify-between gap-3 rounded-md px-1 py-3 text-left font-medium text-slate-900 hover:text-primary-strong focus-ring"
        >
          <span>{question.question}</span>
          <ChevronDown aria-hidden="true" className={cn('h-5 w-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
        </button>
      </h3>
      <div id={answerId(question.id)} hidden={!open} className="px-1 pb-4">
        {/* the answer's own headings, if any, sit under the question's h3 */}
        <Markdown source={question.answer} headingOffset={1} />
      </div>
    </li>
  );
}

/**
 * `/faq` (spec section 2): the questions of `content/pages/faq.md` in their groups, each answer
 * collapsed until asked for. A link to `/faq#<question>` opens that question and goes to it.
 */
export default function FaqPage() {
  const page = useHelpPage('faq');
  const faq = useMemo(() => (page.data ? parseFaq(page.data.body) : null), [page.data]);
  const allIds = useMemo(() => faq?.groups.flatMap((g) => g.questions.map((q) => q.id)) ?? [], [faq]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  // said once to screen readers after Expand all / Collapse all (each question says its own state)
  const [announcement, setAnnouncement] = useState('');

  const toggle = useCallback((id: string) => {
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const reveal = useCallback(
    (id: string) => {
      if (allIds.includes(id)) setOpen((was) => (was.has(id) ? was : new Set(was).add(id)));
    },
    [allIds],
  );
  useHashTarget(faq !== null, reveal);

  // one button that turns into its opposite, so the focus stays on it
  const allOpen = allIds.length > 0 && allIds.every((id) => open.has(id));
  const toggleAll = () => {
    setOpen(allOpen ? new Set() : new Set(allIds));
    setAnnouncement(allOpen ? 'All answers hidden.' : `All ${allIds.length} answers shown.`);
  };

  return (
    <HelpPageShell title="FAQ">
      {page.isPending ? (
        <SkeletonList label="Loading the FAQ" items={['h-12', 'h-8', 'h-12', 'h-12', 'h-12', 'h-12']} />
      ) : page.isError || !faq ? (
        <LoadError error={page.error} message="Could not load the FAQ." onRetry={() => void page.refetch()} retrying={page.isFetching} />
      ) : (
        <>
          {faq.intro ? <Markdown source={faq.intro} className="mb-4" /> : null}
          {allIds.length > 0 ? (
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <Button variant="outline" size="sm" onClick={toggleAll}>
                <ChevronsUpDown aria-hidden="true" className="h-4 w-4" />
                {allOpen ? 'Collapse all' : 'Expand all'}
              </Button>
              <p role="status" className="sr-only">
                {announcement}
              </p>
            </div>
          ) : null}
          <div className="space-y-6">
            {faq.groups.map((group, i) => (
              <section key={group.id || i} aria-labelledby={group.id || undefined} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                {group.title ? (
                  <h2 id={group.id} className="mb-1 text-lg font-semibold text-slate-900 focus:outline-none">
                    {group.title}
                  </h2>
                ) : null}
                {group.intro ? <Markdown source={group.intro} className="mb-2" /> : null}
                {group.questions.length > 0 ? (
                  <ul>
                    {group.questions.map((q) => (
                      <Question key={q.id} question={q} open={open.has(q.id)} onToggle={toggle} />
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </div>
        </>
      )}
    </HelpPageShell>
  );
}

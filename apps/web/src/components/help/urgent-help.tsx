import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import { assistantHref, knowledgeBaseArticleHref } from '@/config/paths';

const LINK = 'font-semibold text-red-900 underline underline-offset-2 focus-ring';

/**
 * What someone who has just been caught needs first, on the help pages they may reach in a
 * hurry (Contact Support, the Knowledge Base): call the bank now, then the steps, or the
 * assistant, which answers at once. Not an alert: it is there from the start, read in order.
 */
export function UrgentHelp() {
  return (
    <section aria-labelledby="urgent-help" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <h2 id="urgent-help" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        Clicked a link, shared details or paid someone?
      </h2>
      <p className="mt-1">
        Don&apos;t wait for an answer from us: if you shared card or bank details or sent money, call your bank now on the number on the back of your card.
        Then follow{' '}
        <Link href={knowledgeBaseArticleHref('after-clicking-a-link')} className={LINK}>
          what to do after clicking a link
        </Link>{' '}
        and the{' '}
        <Link href={knowledgeBaseArticleHref('first-steps-after-a-scam')} className={LINK}>
          first steps after a scam
        </Link>
        , or ask the{' '}
        <Link href={assistantHref} className={LINK}>
          Virtual Assistant
        </Link>
        , which answers at once.
      </p>
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'wouter';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ArticleVotes as Votes } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { assistantHref, paths } from '@/config/paths';
import { isUnreachable } from '@/lib/network-error';
import { useVote } from './api';

const linkClass = 'font-medium text-primary-strong underline underline-offset-2 focus-ring';

/**
 * 'Was this article helpful?' with 'Yes, it helped' and 'No, I need more help' (spec section 2;
 * what they do is ours): the vote is stored, one per person and article (a second one replaces
 * the first), and the buttons show which one is the person's. 'No' offers the ways to more help.
 */
export function ArticleVotes({ id, votes }: { id: string; votes: Votes }) {
  const vote = useVote(id);
  // the vote just given in this visit, to thank for it (a vote from an earlier visit is only shown pressed)
  const [justVoted, setJustVoted] = useState<boolean | null>(null);
  const send = (helpful: boolean) => {
    if (vote.isPending) return;
    vote.mutate(helpful, { onSuccess: () => setJustVoted(helpful) });
  };
  const mine = votes.yours;
  return (
    <section aria-labelledby={`helpful-${id}`} className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`helpful-${id}`} className="font-semibold text-slate-900">
        Was this article helpful?
      </h3>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant={mine === true ? 'default' : 'outline'} aria-pressed={mine === true} aria-disabled={vote.isPending || undefined} onClick={() => send(true)}>
          <ThumbsUp aria-hidden="true" className="h-4 w-4" />
          Yes, it helped
        </Button>
        <Button variant={mine === false ? 'default' : 'outline'} aria-pressed={mine === false} aria-disabled={vote.isPending || undefined} onClick={() => send(false)}>
          <ThumbsDown aria-hidden="true" className="h-4 w-4" />
          No, I need more help
        </Button>
      </div>
      <div role="status" className="mt-3 text-sm text-slate-700">
        {vote.isError ? (
          <p className="text-red-700">
            {isUnreachable(vote.error) ? "Can't reach Baitcheck — check your connection and try again." : 'Your answer could not be saved. Please try again.'}
          </p>
        ) : justVoted === true ? (
          <p>Thank you for telling us.</p>
        ) : justVoted === false ? (
          <p>
            Sorry it did not help. You can{' '}
            <Link href={assistantHref} className={linkClass}>
              ask the assistant
            </Link>
            ,{' '}
            <Link href={paths.contactSupport} className={linkClass}>
              contact support
            </Link>{' '}
            or{' '}
            <Link href={paths.faq} className={linkClass}>
              read the FAQ
            </Link>
            .
          </p>
        ) : mine !== null ? (
          // a vote from an earlier visit: said in words too, not only by the pressed button
          <p>Your answer: {mine ? 'Yes, it helped' : 'No, I need more help'}.</p>
        ) : null}
      </div>
      {votes.helpful + votes.notHelpful > 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          {votes.helpful} of {votes.helpful + votes.notHelpful} {votes.helpful + votes.notHelpful === 1 ? 'person' : 'people'} found this helpful.
        </p>
      ) : null}
    </section>
  );
}

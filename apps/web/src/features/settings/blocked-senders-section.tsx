import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import type { BlockedSender } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useBlockAction } from '@/components/use-feedback-actions';
import { unblockSender, useBlockedSenders } from '@/lib/api/blocked-senders';
import { queryKeys } from '@/lib/api/query-keys';
import { formatAlertDate } from '@/lib/format-date';
import { revealHidden } from '@/lib/reveal-hidden';

/** How many blocked senders show before 'Show all': most people block a few, some block many. */
export const BLOCKED_SENDERS_SHOWN = 20;

const UNBLOCK_KEY = ['unblock-sender'] as const;

const FULL_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Blocked today', 'Blocked yesterday' or 'Blocked on Jan 5, 2025'. */
export function describeBlockedDate(value: string, now: Date = new Date()): string {
  const day = formatAlertDate(value, now);
  if (!day) return '';
  if (day === 'Today' || day === 'Yesterday') return `Blocked ${day.toLowerCase()}`;
  return `Blocked on ${FULL_DATE.format(new Date(value))}`;
}

/** What the unblock toast says. */
export function unblockedToastText(sender: string) {
  return { title: 'Sender unblocked', description: `Scans of messages from ${sender} will no longer warn that you blocked them.` };
}

/** Where focus goes once the list has redrawn: an entry (by id or, after Undo, by sender), or the heading. */
type FocusRequest = { id: string } | { sender: string } | { heading: true };

/**
 * The person's blocked list with Unblock for each sender, so a sender blocked by mistake (a
 * relative) stops being flagged. Unblock takes effect at once (the next scan must not warn);
 * its toast offers Undo, which blocks the sender again.
 */
export function BlockedSendersSection() {
  const headingId = useId();
  const senders = useBlockedSenders();
  const queryClient = useQueryClient();
  const { block } = useBlockAction();
  const listRef = useRef<HTMLUListElement>(null);
  const [showAll, setShowAll] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);

  const unblock = useMutation({
    mutationKey: UNBLOCK_KEY,
    mutationFn: (entry: BlockedSender) =>
      unblockSender(entry.id).catch((error: Error) => {
        // Unblocked already (another tab or device): what the person wanted is done.
        if (error.message.startsWith('404:')) return { success: true as const };
        throw error;
      }),
    onSuccess: (_result, entry) => {
      const shown = queryClient.getQueryData<BlockedSender[]>(queryKeys.blockedSenders) ?? [];
      const at = shown.findIndex((s) => s.id === entry.id);
      const neighbour = at === -1 ? undefined : (shown[at + 1] ?? shown[at - 1]);
      setFocusRequest(neighbour ? { id: neighbour.id } : { heading: true });
      queryClient.setQueryData<BlockedSender[]>(queryKeys.blockedSenders, (list) => list?.filter((s) => s.id !== entry.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.blockedSenders });
      toast({
        ...unblockedToastText(entry.sender),
        action: {
          label: 'Undo',
          altText: `Undo: block ${entry.sender} again`,
          onClick: () => {
            setFocusRequest({ sender: entry.sender });
            block(entry.sender);
          },
        },
      });
    },
    onError: (error) => {
      console.error(error);
      toast({ title: 'Error', description: 'Failed to unblock sender. Please try again.', variant: 'destructive' });
    },
  });
  const unblocking = useMutationState({
    filters: { mutationKey: UNBLOCK_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as BlockedSender | undefined)?.id,
  });

  const list = senders.data;
  useEffect(() => {
    if (!focusRequest) return;
    if ('heading' in focusRequest) {
      document.getElementById(headingId)?.focus();
      setFocusRequest(null);
      return;
    }
    const entry =
      'id' in focusRequest
        ? list?.find((s) => s.id === focusRequest.id)
        : list?.find((s) => s.sender.trim().toLowerCase() === focusRequest.sender.trim().toLowerCase());
    if (!entry) return; // not listed yet: the list is being read again after Undo
    if (list && list.indexOf(entry) >= BLOCKED_SENDERS_SHOWN) setShowAll(true);
    listRef.current?.querySelector<HTMLElement>(`[data-blocked-id="${CSS.escape(entry.id)}"]`)?.focus();
    setFocusRequest(null);
  }, [focusRequest, list, headingId]);

  return (
    <Card className="p-4">
      <h2 id={headingId} tabIndex={-1} className="rounded-md text-base font-semibold text-slate-900 outline-none focus-ring">
        Blocked senders
      </h2>
      <p className="text-sm text-slate-600">
        Scans of messages from these senders warn you that you blocked them. Unblock anyone you blocked by mistake.
      </p>
      <BlockedSendersBody
        senders={senders}
        list={list}
        listRef={listRef}
        showAll={showAll}
        onShowAll={() => {
          setShowAll(true);
          const next = list?.[BLOCKED_SENDERS_SHOWN];
          if (next) setFocusRequest({ id: next.id });
        }}
        unblocking={unblocking}
        onUnblock={(entry) => unblock.mutate(entry)}
      />
    </Card>
  );
}

function BlockedSendersBody({
  senders,
  list,
  listRef,
  showAll,
  onShowAll,
  unblocking,
  onUnblock,
}: {
  senders: ReturnType<typeof useBlockedSenders>;
  list: BlockedSender[] | undefined;
  listRef: RefObject<HTMLUListElement | null>;
  showAll: boolean;
  onShowAll: () => void;
  unblocking: ReadonlyArray<string | undefined>;
  onUnblock: (entry: BlockedSender) => void;
}) {
  if (senders.isPending) {
    return <SkeletonList label="Loading blocked senders" items={['h-14', 'h-14']} className="mt-3" />;
  }
  if (!list) {
    return (
      <LoadError
        className="mt-3"
        error={senders.error}
        message="Could not load your blocked senders."
        onRetry={() => void senders.refetch()}
        retrying={senders.isFetching}
      />
    );
  }
  if (list.length === 0) {
    return (
      <div className="mt-3 flex flex-col items-center gap-1 rounded-lg bg-slate-50 p-6 text-center">
        <UserX aria-hidden="true" className="h-8 w-8 text-slate-500" />
        <h3 className="font-semibold text-slate-900">You haven&apos;t blocked anyone</h3>
        <p className="text-sm text-slate-600">Block Sender on an alert adds the sender here.</p>
      </div>
    );
  }
  const shown = showAll ? list : list.slice(0, BLOCKED_SENDERS_SHOWN);
  return (
    <>
      <ul ref={listRef} className="mt-2 divide-y divide-slate-100">
        {shown.map((entry) => {
          const busy = unblocking.includes(entry.id);
          return (
            <li
              key={entry.id}
              tabIndex={-1}
              data-blocked-id={entry.id}
              className="flex items-center justify-between gap-3 rounded-md py-3 outline-none focus-ring"
            >
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{revealHidden(entry.sender)}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={entry.createdAt}>{describeBlockedDate(entry.createdAt)}</time>
                </p>
              </div>
              {/* aria-disabled, not disabled: a disabled button drops the keyboard focus it holds. */}
              <Button
                variant="outline"
                size="sm"
                aria-label={`Unblock ${entry.sender}`}
                aria-disabled={busy}
                className={busy ? 'opacity-60' : undefined}
                onClick={() => {
                  if (!busy) onUnblock(entry);
                }}
              >
                {busy ? 'Unblocking…' : 'Unblock'}
              </Button>
            </li>
          );
        })}
      </ul>
      {shown.length < list.length ? (
        <div className="mt-2 flex justify-center">
          <Button variant="outline" onClick={onShowAll}>
            Show all {list.length} blocked senders
          </Button>
        </div>
      ) : null}
    </>
  );
}

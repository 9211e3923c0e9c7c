import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSearch } from 'wouter';
import { Inbox } from 'lucide-react';
import type { ThreatLevel } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useHistoryPages } from '@/lib/api/messages';
import { useHiddenMessageIds } from '@/components/use-undoable-delete';
import { useListDelete } from '@/components/use-list-delete';
import { HistoryEntry } from './history-entry';
import { useOnDevice } from '@/lib/on-device/on-device-state';

type Filter = 'all' | ThreatLevel;

const FILTERS: ReadonlyArray<{ value: Filter; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'No Messages Found' },
  { value: 'phishing', label: 'Phishing', empty: 'No Phishing Messages' },
  { value: 'suspicious', label: 'Suspicious', empty: 'No Suspicious Messages' },
  { value: 'safe', label: 'Safe', empty: 'No Safe Messages' },
];

/** The entry a push notification points at: `/history?messageId={id}`. */
export function readMessageIdParam(search: string): string | null {
  const id = new URLSearchParams(search).get('messageId');
  return id && id.trim() ? id.trim() : null;
}

/** One tab's history, page by page, with "Load more" while the server has older entries. */
function HistoryList({
  filter,
  empty,
  targetId,
  targetRef,
  expanded,
  onToggle,
  headingRef,
}: {
  filter: Filter;
  empty: string;
  targetId: string | null;
  targetRef: RefObject<HTMLDivElement | null>;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const pages = useHistoryPages(filter === 'all' ? undefined : filter);
  const hidden = useHiddenMessageIds();
  // only this device's entries (Baitcheck was unreachable): the whole history once back online
  const deviceOnly = pages.data?.pages[0]?.deviceOnly === true;
  const { refetch } = pages;
  useEffect(() => {
    if (!deviceOnly) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [deviceOnly, refetch]);
  const { listRef, onDelete: deleteFrom } = useListDelete(headingRef);
  if (pages.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading history">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (pages.isError && !pages.data) {
    return (
      <LoadError error={pages.error} message="Could not load your history." onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
    );
  }
  const list = pages.data.pages.flatMap((p) => p.messages).filter((m) => !hidden.has(m.id));
  const onDelete = (id: string) => deleteFrom(list, id);

  if (list.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center">
        <Inbox aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <h2 className="font-semibold text-slate-900">{empty}</h2>
      </Card>
    );
  }
  return (
    <>
      {deviceOnly ? (
        <p role="status" className="mb-3 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Can&apos;t reach Baitcheck: showing only the scans kept on this device. The rest of your history comes back with the connection.
        </p>
      ) : null}
      <ul ref={listRef} className="space-y-3">
        {list.map((m) => (
          <li key={m.id}>
            <HistoryEntry
              ref={m.id === targetId ? targetRef : undefined}
              message={m}
              highlighted={m.id === targetId}
              expanded={expanded.has(m.id)}
              onToggle={() => onToggle(m.id)}
              onDelete={() => onDelete(m.id)}
            />
          </li>
        ))}
      </ul>
      {pages.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Could not load more of your history. Try again.
        </p>
      ) : null}
      {pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export default function HistoryPage() {
  const all = useHistoryPages();
  const onDevice = useOnDevice().active;
  const search = useSearch();
  const targetId = readMessageIdParam(search);
  const [filter, setFilter] = useState<Filter>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(targetId ? [targetId] : []));
  const targetRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const handledTarget = useRef<string | null>(null);

  const targetFound = Boolean(targetId && all.data?.pages.some((p) => p.messages.some((m) => m.id === targetId)));
  // the entry a notification points at may be older than the first page: read on until it shows
  const searching = Boolean(targetId && !targetFound && all.hasNextPage);
  const { fetchNextPage, isFetchingNextPage } = all;
  useEffect(() => {
    if (searching && !isFetchingNextPage) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (!targetId || !targetFound || handledTarget.current === targetId) return;
    handledTarget.current = targetId;
    setFilter('all');
    setExpanded((prev) => new Set(prev).add(targetId));
    // Wait a frame so the expanded entry has its final height before scrolling to it.
    requestAnimationFrame(() => {
      targetRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      targetRef.current?.focus({ preventScroll: true });
    });
  }, [targetId, targetFound]);

  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="mx-auto max-w-3xl">
      <h1 ref={headingRef} tabIndex={-1} className="mb-4 rounded-md text-2xl font-bold text-slate-900">
        Scan History
      </h1>
      {onDevice ? (
        <p className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Scans checked on this device are listed here. Those checked on your other phones or computers are counted on the dashboard, and kept only on the device that checked them.
        </p>
      ) : null}
      {targetId && all.isSuccess && !targetFound && !searching ? (
        <p role="status" className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
          The message you opened is no longer in your history.
        </p>
      ) : null}
      <Tabs value={filter} onValueChange={(v) => setFilter(v as Filter)}>
        <TabsList aria-label="Filter by verdict">
          {FILTERS.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map((f) => (
          <TabsContent key={f.value} value={f.value}>
            <HistoryList filter={f.value} empty={f.empty} targetId={targetId} targetRef={targetRef} expanded={expanded} onToggle={toggle} headingRef={headingRef} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder shown while data loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse motion-reduce:animate-none rounded-md bg-slate-200', className)} {...props} />;
}

/**
 * Placeholders for a part of a page being loaded, one per class in `items` (each sets a height),
 * named by `label` ('Loading plugins') and marked busy for screen readers.
 */
export function SkeletonList({ label, items, className }: { label: string; items: readonly string[]; className?: string }) {
  return (
    <div className={cn('space-y-3', className)} aria-busy="true" aria-label={label}>
      {items.map((item, i) => (
        <Skeleton key={i} className={cn('w-full', item)} />
      ))}
    </div>
  );
}

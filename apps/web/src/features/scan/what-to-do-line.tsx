import { ArrowRight } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The one sentence of what to do now, under a result's verdict (General Scan and Social Media alike). */
export function WhatToDoLine({ text, toneClass }: { text: string | null; toneClass: string }) {
  if (!text) return null;
  return (
    <p data-testid="what-to-do" className="mt-3 flex items-start gap-2 text-base font-semibold text-slate-900">
      <ArrowRight aria-hidden="true" className={cn('mt-1 h-4 w-4 shrink-0', toneClass)} />
      <span>
        <span className="sr-only">What to do now: </span>
        {text}
      </span>
    </p>
  );
}

/** A non-safe result's recommendations (a safe result gives no orders), under a heading of its own id. */
export function RecommendationsSection({ id, recommendations, safe }: { id: string; recommendations: readonly string[]; safe: boolean }) {
  if (safe || recommendations.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-slate-900">
        Recommendations
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {recommendations.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

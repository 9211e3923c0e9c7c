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

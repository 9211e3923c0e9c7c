import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * The frame of every help and legal page (spec section 2: 'Back to Home' on each): the link back
 * to the home page, the page's one h1 and an optional line under it, then the page.
 */
export function HelpPageShell({ title, intro, children, className }: { title: string; intro?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl', className)}>
      <BackToHome />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** 'Back to Home', a link to `/`. */
export function BackToHome() {
  return (
    <Link href={paths.home} className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary-strong hover:underline focus-ring">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Home
    </Link>
  );
}

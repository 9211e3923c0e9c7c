import { useId } from 'react';
import { Link } from 'wouter';
import { UserRound } from 'lucide-react';
import { paths } from '@/config/paths';

/** Said to a guest where something needs an account (a payment, a connected source): what, why, and the way to one. */
export function AccountNeededNotice({ title, why }: { title: string; why: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex items-start gap-3 rounded-xl border border-primary/40 bg-primary-soft/60 p-4">
      <UserRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary-strong" />
      <div className="space-y-1 text-sm text-slate-900">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <p>{why}</p>
        <p>
          <Link href={paths.account} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
            Create an account or sign in
          </Link>
        </p>
      </div>
    </section>
  );
}

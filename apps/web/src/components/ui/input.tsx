import type { ComponentProps, InputHTMLAttributes, LabelHTMLAttributes, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const FIELD =
  'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-ring disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1 block text-sm font-medium text-slate-900', className)} {...props} />;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(FIELD, 'h-11', className)} {...props} />;
}

/** A text box; `ref` reaches the element (React 19 passes it as a prop). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(FIELD, 'min-h-32 resize-y', className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(FIELD, 'h-11', className)} {...props} />;
}

/**
 * A field's validation message, announced when it appears; `announce={false}` when several appear
 * at once (a whole form checked on submit): the focus goes to the first field, whose description
 * reads its message, instead of a burst of alerts cutting each other off.
 */
export function FieldError({ id, children, announce = true }: { id: string; children?: string | null; announce?: boolean }) {
  if (!children) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';

const VARIANTS = {
  default: 'bg-primary text-white hover:bg-primary-hover shadow-sm',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700 shadow-sm',
  // a destructive action that opens a confirmation first
  'destructive-outline': 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
  link: 'text-primary underline-offset-4 hover:underline px-0',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  icon: 'h-11 w-11',
} as const;

/** Our button: a native button, or its child element when `asChild` (for links styled as buttons). */
export function Button({
  variant = 'default',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  asChild?: boolean;
}) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-ring disabled:pointer-events-none disabled:opacity-60 cursor-pointer',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

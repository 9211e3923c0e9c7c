import { Loader2 } from 'lucide-react';
import { Button } from './button';

/**
 * A form's submit button that shows a spinner and `busyText` while the form is busy.
 * `describedBy`: the id of what says why it is disabled, when it is.
 *
 * While busy it is marked `aria-disabled`, not disabled: a disabled button loses the keyboard
 * focus, which then falls to the page, so after a refusal the person would start again from the
 * top. The form's submit handler ignores a second submit while busy.
 */
export function SubmitButton({
  busy,
  busyText,
  children,
  disabled,
  describedBy,
  variant,
}: {
  busy: boolean;
  busyText: string;
  children: string;
  disabled?: boolean;
  describedBy?: string | undefined;
  /** A destructive action's is red. */
  variant?: 'default' | 'destructive';
}) {
  return (
    <Button type="submit" variant={variant} className="w-full sm:w-auto aria-disabled:opacity-70" disabled={disabled} aria-disabled={busy || undefined} aria-describedby={describedBy}>
      {busy ? (
        <>
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
          {busyText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

import { Loader2 } from 'lucide-react';
import { Button } from './button';

/**
 * A form's submit button that shows a spinner and `busyText` while the form is busy.
 * `describedBy`: the id of what says why it is disabled, when it is.
 */
export function SubmitButton({ busy, busyText, children, disabled, describedBy }: { busy: boolean; busyText: string; children: string; disabled?: boolean; describedBy?: string | undefined }) {
  return (
    <Button type="submit" className="w-full sm:w-auto" disabled={disabled} aria-describedby={describedBy}>
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

import { Loader2 } from 'lucide-react';
import { Button } from './button';

/** A form's submit button that shows a spinner and `busyText` while the form is busy. */
export function SubmitButton({ busy, busyText, children, disabled }: { busy: boolean; busyText: string; children: string; disabled?: boolean }) {
  return (
    <Button type="submit" className="w-full sm:w-auto" disabled={disabled}>
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

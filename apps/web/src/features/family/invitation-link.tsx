import { useEffect, useId, useRef } from 'react';
import { Copy } from 'lucide-react';
import type { FamilyInvitationCreated } from '@baitcheck/contracts';
import { FAMILY_INVITATION_DAYS } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';

/** Copies `text`: the Clipboard API where the page may use it, else the selected field. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * What became of the invitation just sent: emailed, or (email not configured on this server, or
 * the mail server refused it) the link to copy and send. The heading takes focus when it appears.
 */
export function InvitationLink({ created }: { created: FamilyInvitationCreated }) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const email = created.invitation.email;
  useEffect(() => {
    headingRef.current?.focus();
  }, [created]);

  const copy = async () => {
    if (!created.link) return;
    if (await copyText(created.link, document.getElementById(`${id}-link`) as HTMLInputElement | null)) toast({ title: 'Link copied', description: `Send it to ${email} yourself.` });
    else toast({ title: 'Could not copy the link', description: 'Select the link and copy it yourself.', variant: 'destructive' });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus-ring rounded">
        {created.delivery === 'emailed' ? `Invitation emailed to ${email}` : `Invitation for ${email}`}
      </h3>
      {created.delivery === 'emailed' ? (
        <p className="text-sm text-slate-700">We emailed {email} a link to join. It works once, for {FAMILY_INVITATION_DAYS} days.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {created.delivery === 'not-configured'
              ? 'Email is not configured on this server, so no email was sent.'
              : 'The invitation email could not be sent.'}{' '}
            Copy this link and send it to {email} yourself. It works once, for {FAMILY_INVITATION_DAYS} days, and is shown only now.
          </p>
          <div>
            <Label htmlFor={`${id}-link`}>Invitation link</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id={`${id}-link`} readOnly value={created.link ?? ''} onFocus={(e) => e.currentTarget.select()} className="font-mono text-sm" />
              <Button variant="outline" onClick={() => void copy()} className="shrink-0">
                <Copy aria-hidden="true" className="h-4 w-4" />
                Copy link
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

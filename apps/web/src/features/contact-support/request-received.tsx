import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { ContactSupportResponse } from '@baitcheck/contracts';
import { SUPPORT_EMAIL_RESPONSE_HOURS } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * 'Support Request Received' (spec section 2): the reference and what happens next, saying
 * plainly whether any email went out. Takes the focus when it appears, so a screen reader reads
 * it and the keyboard goes on from it.
 */
export function RequestReceived({
  response,
  email,
  supportEmail,
  emailConfigured,
  onAnother,
}: {
  response: ContactSupportResponse;
  /** The address the request gave. */
  email: string;
  supportEmail: string | null;
  /** Whether this server sends email at all (undefined: not known). */
  emailConfigured: boolean | undefined;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-green-700" />
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="inline-block rounded-sm text-lg font-semibold text-slate-900 focus-ring">
            Support Request Received
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Your reference is <span className="break-words font-mono font-semibold text-slate-900">{response.requestId}</span>. Mention it if you write to us about this request.
          </p>
        </div>
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">What happens next</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {response.emailSent ? (
          <>
            <li>
              We emailed a confirmation to <span className="break-words font-medium text-slate-900">{email}</span>. If it is not in your inbox, look in your spam folder.
            </li>
            <li>Our support team answers by email, usually within about {SUPPORT_EMAIL_RESPONSE_HOURS} hours.</li>
          </>
        ) : (
          <li>
            {emailConfigured === false
              ? 'Your request is saved. Baitcheck is not set up to send email here, so no one was emailed about it: you will not get a confirmation, and an answer may be slow or not come.'
              : response.supportNotified
                ? `Our support team has your request and answers by email, usually within about ${SUPPORT_EMAIL_RESPONSE_HOURS} hours. No confirmation email was sent to ${email}: that address already had several in the last hour, or the email could not be sent.`
                : 'Your request is saved, but the emails about it could not be sent: you will not get a confirmation, and our support team may not have been told yet.'}
          </li>
        )}
        {response.priority ? <li>Your plan includes priority support: your request is answered first.</li> : null}
        {!response.emailSent && supportEmail ? (
          <li>
            For a quicker answer, email us directly at{' '}
            <a href={`mailto:${supportEmail}`} className="break-words font-medium text-primary-strong underline focus-ring">
              {supportEmail}
            </a>{' '}
            and mention your reference.
          </li>
        ) : null}
      </ul>
      <Button className="mt-5 w-full sm:w-auto" onClick={onAnother}>
        Submit Another Request
      </Button>
    </Card>
  );
}

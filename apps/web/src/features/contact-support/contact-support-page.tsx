import { useEffect, useRef, useState } from 'react';
import type { ContactSupportResponse } from '@baitcheck/contracts';
import { HelpPageShell } from '@/components/help/help-page-shell';
import { UrgentHelp } from '@/components/help/urgent-help';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useSessionDraft } from '@/lib/session-draft';
import { useContactSupportInfo } from './api';
import { RequestReceived } from './request-received';
import { SupportForm } from './support-form';
import { SUPPORT_FORM_DEFAULTS, isSupportFormValues, type SupportField, type SupportFormValues } from './support-form-values';
import { SupportOptions } from './support-options';

/**
 * Contact Support (spec sections 2 and 5): the form (editing, submitting), then 'Support Request
 * Received' (submitted) until 'Submit Another Request'. What the person typed is a draft kept in
 * this tab, so leaving the page or a failed submit loses nothing; a signed-in account's email
 * fills an empty email field.
 */
export default function ContactSupportPage() {
  const info = useContactSupportInfo();
  const [values, setValues] = useSessionDraft<SupportFormValues>('contact-support', SUPPORT_FORM_DEFAULTS, isSupportFormValues);
  const [received, setReceived] = useState<{ response: ContactSupportResponse; email: string } | null>(null);
  const [focusOnReturn, setFocusOnReturn] = useState<SupportField | undefined>(undefined);

  // once: an email the person typed, or cleared after it was filled, is theirs
  const prefilled = useRef(false);
  const accountEmail = info.data?.accountEmail;
  useEffect(() => {
    if (prefilled.current || !accountEmail) return;
    prefilled.current = true;
    setValues((current) => (current.email.trim() === '' ? { ...current, email: accountEmail } : current));
  }, [accountEmail, setValues]);

  const onSubmitted = (response: ContactSupportResponse, sent: SupportFormValues) => {
    setReceived({ response, email: sent.email.trim() });
    // the next request starts empty but for who is writing
    setValues((current) => ({ ...SUPPORT_FORM_DEFAULTS, name: current.name, email: current.email }));
  };
  const onAnother = () => {
    setFocusOnReturn(values.name.trim() === '' ? 'name' : values.email.trim() === '' ? 'email' : 'subject');
    setReceived(null);
  };

  return (
    <HelpPageShell title="Contact Support" intro="Questions, problems or ideas: send them to our support team.">
      <div className="space-y-4">
        <UrgentHelp />
        {info.data?.priority ? (
          <p className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
            <Badge variant="premium">Priority support</Badge>
            Your plan includes priority support: your requests are answered first.
          </p>
        ) : null}
        {received ? (
          <RequestReceived
            response={received.response}
            email={received.email}
            supportEmail={info.data?.supportEmail ?? null}
            emailConfigured={info.data?.emailConfigured}
            onAnother={onAnother}
          />
        ) : (
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 text-base font-semibold text-slate-900">Send a request</h2>
            <SupportForm values={values} onChange={setValues} info={info.data} onSubmitted={onSubmitted} initialFocus={focusOnReturn} />
          </Card>
        )}
        <SupportOptions supportEmail={info.data?.supportEmail} emailConfigured={info.data?.emailConfigured} />
      </div>
    </HelpPageShell>
  );
}

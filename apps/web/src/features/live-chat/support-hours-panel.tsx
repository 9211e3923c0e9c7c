import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CircleCheck, CircleMinus } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CHAT_WITH_PERSON, EMAIL_RESPONSE_TIME, supportStatusAt } from './support-hours';
import { SupportHoursTable } from '@/components/help/support-hours-table';

const systemNow = () => new Date();

/** How often "Support team now: open/closed" is read again while the tab is open. */
const REFRESH_MS = 30_000;

/**
 * Whether the support team is at work now: worded about the team that answers Contact Support by
 * email, so that "open" cannot be read as "someone is in the chat".
 */
function OpenNow({ now }: { now: () => Date }) {
  const [status, setStatus] = useState(() => supportStatusAt(now()));
  useEffect(() => {
    const timer = setInterval(() => setStatus(supportStatusAt(now())), REFRESH_MS);
    return () => clearInterval(timer);
  }, [now]);
  const Icon = status.open ? CircleCheck : CircleMinus;
  return (
    <div
      className={
        status.open
          ? 'flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 p-3 text-green-950'
          : 'flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-900'
      }
      data-testid="support-open-now"
    >
      <Icon aria-hidden="true" className={status.open ? 'mt-0.5 h-5 w-5 shrink-0 text-green-700' : 'mt-0.5 h-5 w-5 shrink-0 text-slate-600'} />
      <div className="text-sm">
        <p className="font-semibold">Support team now: {status.open ? 'open' : 'closed'} (EST)</p>
        <p>
          {status.next}. In New York it is {status.localTime}.
        </p>
        <p className="mt-1">The support team answers requests sent through Contact Support, by email. No one answers this chat.</p>
      </div>
    </div>
  );
}

/** The Support Hours tab (spec section 9), with whether the support team is at work now, in New York time. */
export function SupportHoursPanel({ now = systemNow }: { now?: () => Date }) {
  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-base font-semibold text-slate-900">Support Hours</h2>
      <OpenNow now={now} />
      <SupportHoursTable />
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-900">Email response</dt>
        <dd className="text-slate-800">
          {EMAIL_RESPONSE_TIME}, through{' '}
          <Link href={paths.contactSupport} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
            Contact Support
          </Link>
        </dd>
        <dt className="font-medium text-slate-900">Chat with a person</dt>
        <dd className="text-slate-800">{CHAT_WITH_PERSON}</dd>
      </dl>
      <p className="text-xs text-slate-600">EST here means New York time: the hours move with daylight saving time.</p>
    </Card>
  );
}

import { Link } from 'wouter';
import { BookOpen, Bot, ChevronRight, CircleHelp, Mail, MessagesSquare, type LucideIcon } from 'lucide-react';
import { SUPPORT_EMAIL_RESPONSE_HOURS } from '@baitcheck/contracts/lite';
import { SupportHoursTable } from '@/components/help/support-hours-table';
import { Card } from '@/components/ui/card';
import { assistantHref, paths } from '@/config/paths';

const OTHER_HELP: ReadonlyArray<{ href: string; label: string; detail: string; Icon: LucideIcon }> = [
  { href: assistantHref, label: 'Virtual Assistant', detail: 'Answers at once: scams, a message you got, what to do next', Icon: Bot },
  { href: paths.knowledgeBase, label: 'Knowledge Base', detail: 'Guides to spotting scams and using Baitcheck', Icon: BookOpen },
  { href: paths.faq, label: 'FAQ', detail: 'Answers to common questions', Icon: CircleHelp },
  { href: paths.liveChat, label: 'Live Chat (automated preview)', detail: 'Automatic replies to common questions; no person reads it', Icon: MessagesSquare },
];

/** Support hours (spec section 9) and the other ways to get help, the support inbox among them when the server names one. */
export function SupportOptions({ supportEmail, emailConfigured }: { supportEmail: string | null | undefined; emailConfigured: boolean | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <Card>
        <h2 className="px-4 pb-1 pt-4 text-base font-semibold text-slate-900">Support Hours</h2>
        <div className="px-4 pb-4">
          <SupportHoursTable />
          {emailConfigured === false ? null : <p className="mt-2 text-sm text-slate-700">Email response: usually within about {SUPPORT_EMAIL_RESPONSE_HOURS} hours.</p>}
        </div>
      </Card>
      <Card>
        <h2 className="px-4 pb-1 pt-4 text-base font-semibold text-slate-900">Other ways to get help</h2>
        <ul className="divide-y divide-slate-100 pb-1">
          {OTHER_HELP.map(({ href, label, detail, Icon }) => (
            <li key={href}>
              <Link href={href} className="flex min-h-12 items-center gap-3 px-4 py-2 text-sm hover:bg-slate-50 focus-ring">
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-800">{label}</span>
                  <span className="block text-slate-600">{detail}</span>
                </span>
                <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          ))}
          {supportEmail ? (
            <li>
              <a href={`mailto:${supportEmail}`} className="flex min-h-12 items-center gap-3 px-4 py-2 text-sm hover:bg-slate-50 focus-ring">
                <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-800">Email us</span>
                  <span className="block break-words text-slate-600">{supportEmail}</span>
                </span>
              </a>
            </li>
          ) : null}
        </ul>
      </Card>
    </div>
  );
}

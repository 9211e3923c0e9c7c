import { Link } from 'wouter';
import { BookOpen, ChevronRight, CircleHelp, FileText, LifeBuoy, MessagesSquare, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

// The spec's help routes (section 2)
const HELP_LINKS: ReadonlyArray<{ href: string; label: string; Icon: LucideIcon }> = [
  { href: paths.faq, label: 'FAQ', Icon: CircleHelp },
  { href: paths.knowledgeBase, label: 'Knowledge Base', Icon: BookOpen },
  { href: paths.contactSupport, label: 'Contact Support', Icon: LifeBuoy },
  { href: paths.liveChat, label: 'Live Chat (automated preview)', Icon: MessagesSquare },
  { href: paths.privacyPolicy, label: 'Privacy Policy', Icon: ShieldCheck },
  { href: paths.termsOfService, label: 'Terms of Service', Icon: FileText },
];

/** Help and legal links. */
export function HelpCard() {
  return (
    <Card>
      <h2 className="px-4 pb-1 pt-4 text-base font-semibold text-slate-900">Help &amp; Support</h2>
      <ul className="divide-y divide-slate-100 pb-1">
        {HELP_LINKS.map(({ href, label, Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex min-h-12 items-center gap-3 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-ring"
            >
              <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
              <span className="flex-1">{label}</span>
              <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

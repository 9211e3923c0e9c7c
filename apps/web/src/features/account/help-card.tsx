import { Link } from 'wouter';
import { ChevronRight, CircleHelp, FileText, LifeBuoy, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

// The spec's routes (section 2); the pages themselves arrive with their own issue.
const HELP_LINKS: ReadonlyArray<{ href: string; label: string; Icon: LucideIcon }> = [
  { href: '/faq', label: 'FAQ', Icon: CircleHelp },
  { href: '/contact-support', label: 'Contact Support', Icon: LifeBuoy },
  { href: '/privacy-policy', label: 'Privacy Policy', Icon: ShieldCheck },
  { href: '/terms-of-service', label: 'Terms of Service', Icon: FileText },
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

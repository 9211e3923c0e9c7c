import { Link } from 'wouter';
import { History, MessageSquareText, Shield, User, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

const TILES: ReadonlyArray<{ href: string; title: string; text: string; Icon: LucideIcon }> = [
  { href: paths.scan, title: 'Scan Message', text: 'Check texts, emails or links', Icon: MessageSquareText },
  { href: paths.history, title: 'View History', text: 'See previous detections', Icon: History },
  { href: paths.settings, title: 'Protection', text: 'Manage security features', Icon: Shield },
  { href: paths.account, title: 'My Account', text: 'Manage your subscription', Icon: User },
];

/** The four shortcuts at the top of the home screen. */
export function FeatureTiles() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map(({ href, title, text, Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full flex-col gap-1.5 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-primary focus-ring sm:p-4"
            >
              <span className="mb-1 flex h-9 w-9 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="font-semibold text-slate-900">{title}</span>
              <span className="text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

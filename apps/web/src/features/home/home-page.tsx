import { Link } from 'wouter';
import { ScanSearch } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeatureTiles } from './feature-tiles';
import { ThreatDashboard } from './threat-dashboard';
import { RecentAlerts } from './recent-alerts';
import { ProtectionStatusPanel } from './protection-status';

function SectionHeader({ id, title, linkText }: { id: string; title: string; linkText?: string }) {
  return (
    <div className="mb-3 flex items-center justify-between">
      {/* tabIndex -1: focus lands here when the last entry of its list is deleted. */}
      <h2 id={id} tabIndex={-1} className="rounded-md text-lg font-semibold text-slate-900 outline-none focus-ring">
        {title}
      </h2>
      {linkText ? (
        <Link href={paths.history} className="rounded text-sm font-medium text-primary-strong underline-offset-2 hover:underline focus-ring">
          {linkText}
        </Link>
      ) : null}
    </div>
  );
}

export default function HomePage() {
  return (
    <div className="space-y-6">
      {/* What Baitcheck is for, before anything else on the page (a newcomer met the status banner first). */}
      <section aria-labelledby="home-intro" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
        <h1 id="home-intro" className="text-xl font-bold text-slate-900">
          Paste a message or link — we&apos;ll tell you if it&apos;s a scam
        </h1>
        <Button asChild className="shrink-0 self-start sm:self-auto">
          <Link href={paths.scan}>
            <ScanSearch aria-hidden="true" className="h-5 w-5" />
            Scan a message or link
          </Link>
        </Button>
      </section>
      <FeatureTiles />
      {/* grid-cols-1 (minmax(0, 1fr)), not an implicit auto column: one long link in an alert made
          the auto column as wide as the link, and with it the whole page (553 px at 390). */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="your-protection" className="min-w-0">
          <SectionHeader id="your-protection" title="Your Protection" linkText="View Details" />
          <ThreatDashboard />
        </section>
        <section aria-labelledby="recent-alerts" className="min-w-0">
          <SectionHeader id="recent-alerts" title="Recent Alerts" linkText="View All" />
          <RecentAlerts headingId="recent-alerts" />
        </section>
      </div>
      <section aria-labelledby="protection-status">
        <SectionHeader id="protection-status" title="Protection Status" />
        <ProtectionStatusPanel />
      </section>
    </div>
  );
}

import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { FeatureTiles } from './feature-tiles';
import { ThreatDashboard } from './threat-dashboard';
import { RecentAlerts } from './recent-alerts';
import { ProtectionStatusPanel } from './protection-status';

function SectionHeader({ id, title, linkText }: { id: string; title: string; linkText?: string }) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
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
      <h1 className="sr-only">Baitcheck dashboard</h1>
      <FeatureTiles />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="your-protection">
          <SectionHeader id="your-protection" title="Your Protection" linkText="View Details" />
          <ThreatDashboard />
        </section>
        <section aria-labelledby="recent-alerts">
          <SectionHeader id="recent-alerts" title="Recent Alerts" linkText="View All" />
          <RecentAlerts />
        </section>
      </div>
      <section aria-labelledby="protection-status">
        <SectionHeader id="protection-status" title="Protection Status" />
        <ProtectionStatusPanel />
      </section>
    </div>
  );
}

import { Check, Crown, Headphones, History, Loader2, Shield, Smartphone, Users, X, Zap, type LucideIcon } from 'lucide-react';
import { PLAN_IDS, plansFor, type Plan, type PlanHighlight, type PlanId } from '@baitcheck/contracts/lite';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/api/billing';
import { cardButton } from './plan-buttons';

const PLAN_ICONS: Record<Plan['icon'], LucideIcon> = { shield: Shield, crown: Crown, users: Users };
const HIGHLIGHT_ICONS: Record<PlanHighlight['icon'], LucideIcon> = {
  shield: Shield,
  zap: Zap,
  users: Users,
  smartphone: Smartphone,
  headphones: Headphones,
  history: History,
};

function PlanCard({ plan, effective, pending, onChoose, coveredByFamily }: { plan: Plan; effective: PlanId; pending: PlanId | null; onChoose: (plan: PlanId) => void; coveredByFamily: boolean }) {
  const Icon = PLAN_ICONS[plan.icon];
  const button = cardButton(plan.id, effective, pending, coveredByFamily);
  return (
    <Card className={cn('flex h-full w-full flex-col p-5', plan.popular && 'ring-2 ring-primary')}>
      <div className="flex items-start justify-between gap-2">
        <span aria-hidden="true" className="flex h-11 w-11 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <Icon className="h-6 w-6" />
        </span>
        {plan.popular ? <Badge>Most Popular</Badge> : null}
      </div>
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-1 text-slate-900">
        <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
        <span aria-hidden="true" className="text-sm text-slate-600">
          /month
        </span>
        <span className="sr-only"> per month</span>
      </p>
      <p className="mt-2 text-sm text-slate-700">{plan.description}</p>
      {plan.highlights.length > 0 ? (
        <ul className="mt-3 space-y-1.5">
          {plan.highlights.map((h) => {
            const HighlightIcon = HIGHLIGHT_ICONS[h.icon];
            return (
              <li key={h.text} className="flex items-center gap-2 text-sm font-medium text-primary-strong">
                <HighlightIcon aria-hidden="true" className="h-4 w-4 shrink-0" />
                {h.text}
              </li>
            );
          })}
        </ul>
      ) : null}
      <PlanList title="Features" items={plan.features} icon={Check} itemClassName="text-slate-800" iconClassName="text-green-700" />
      {plan.limitations.length > 0 ? <PlanList title="Limitations" items={plan.limitations} icon={X} itemClassName="text-slate-700" iconClassName="text-slate-500" /> : null}
      <div className="mt-auto pt-5">
        <Button
          className="w-full"
          variant={button.text === 'Upgrade' || button.text.startsWith('Switch') || button.text === 'Processing...' ? 'default' : 'outline'}
          disabled={button.disabled}
          onClick={() => onChoose(plan.id)}
        >
          {button.text === 'Processing...' ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : null}
          {button.text}
          {/* three 'Upgrade' buttons: each says which plan to a screen reader */}
          {button.text === 'Upgrade' ? <span className="sr-only"> to {plan.name}</span> : null}
        </Button>
      </div>
    </Card>
  );
}

/** The three plans side by side (stacked on a phone), cheapest first; Basic's daily scans are this server's. */
export function PlanCards({ effective, pending, onChoose, basicScansPerDay, coveredByFamily = false }: { effective: PlanId; pending: PlanId | null; onChoose: (plan: PlanId) => void; basicScansPerDay: number | null; coveredByFamily?: boolean }) {
  const plans = plansFor(basicScansPerDay);
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLAN_IDS.map((id) => (
        <li key={id} className="flex">
          <PlanCard plan={plans[id]} effective={effective} pending={pending} onChoose={onChoose} coveredByFamily={coveredByFamily} />
        </li>
      ))}
    </ul>
  );
}

/** A card's Features or Limitations: a heading and a list marked with one icon. */
function PlanList({ title, items, icon: Icon, itemClassName, iconClassName }: { title: string; items: readonly string[]; icon: LucideIcon; itemClassName: string; iconClassName: string }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 space-y-1.5">
        {items.map((item) => (
          <li key={item} className={`flex items-start gap-2 text-sm ${itemClassName}`}>
            <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${iconClassName}`} />
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

import { Link } from 'wouter';
import { Check, Minus } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

// A first, honest version of the plans page: the plans and what each includes (spec sections 6
// and 9). Checkout comes with the payments work; until then the page says so instead of offering
// buttons that do nothing.
const PLANS = [
  { id: 'basic', name: 'Basic', price: 'Free', current: true },
  { id: 'premium', name: 'Premium', price: '$7.99/mo', popular: true },
  { id: 'family', name: 'Family', price: '$14.99/mo', note: 'Up to 5 members' },
] as const;

const FEATURES: ReadonlyArray<{ name: string; basic: boolean | string; premium: boolean | string; family: boolean | string }> = [
  { name: 'SMS and email protection', basic: 'Basic', premium: true, family: true },
  { name: 'Social media protection', basic: false, premium: true, family: true },
  { name: 'On-device scanning', basic: false, premium: true, family: true },
  { name: 'Family Dashboard, parental controls, location sharing', basic: false, premium: false, family: true },
  { name: 'Priority support', basic: false, premium: true, family: true },
  { name: 'AI assistant', basic: true, premium: true, family: true },
  { name: 'History retention', basic: '7 days', premium: '30 days', family: '90 days' },
];

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <span>{value}</span>;
  return value ? (
    <span className="inline-flex items-center gap-1 text-green-800">
      <Check aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Included</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-500">
      <Minus aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Not included</span>
    </span>
  );
}

export default function SubscriptionPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Upgrade Your Protection</h1>
      <p className="text-sm text-slate-700">Choose the plan that fits you and your family.</p>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        Online upgrades are not available yet. You are on the free Basic plan, and nothing will be charged.
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <Card className="h-full p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-base font-semibold text-slate-900">{plan.name}</h2>
                {'popular' in plan ? <Badge>Most Popular</Badge> : null}
                {'current' in plan ? <Badge variant="neutral">Current Plan</Badge> : null}
              </div>
              <p className="mt-1 text-xl font-bold text-slate-900">{plan.price}</p>
              {'note' in plan ? <p className="text-sm text-slate-600">{plan.note}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What each plan includes</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="p-3 font-semibold">Feature</th>
              <th scope="col" className="p-3 font-semibold">Basic</th>
              <th scope="col" className="p-3 font-semibold">Premium</th>
              <th scope="col" className="p-3 font-semibold">Family</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {FEATURES.map((row) => (
              <tr key={row.name}>
                <th scope="row" className="p-3 font-medium text-slate-900">{row.name}</th>
                <td className="p-3"><Cell value={row.basic} /></td>
                <td className="p-3"><Cell value={row.premium} /></td>
                <td className="p-3"><Cell value={row.family} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className="text-sm text-slate-700">
        All plans include a 14-day money-back guarantee. You can cancel your subscription at any time.
      </p>
      <p className="text-sm">
        <Link href={paths.account} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          Back to your account
        </Link>
      </p>
    </div>
  );
}

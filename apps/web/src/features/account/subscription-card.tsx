import { Link } from 'wouter';
import { Check, Crown, X } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

// What the free plan really gives today. The spec's list excluded social media protection, but
// the Social Media scan works on the free plan, and no plan scans incoming messages yet.
const INCLUDED = ['Checking texts, emails, social media messages and links', 'Scan history', 'AI assistant'];
const EXCLUDED = ['On-device scanning', 'Priority support'];

/** The free plan: what it includes and excludes, and the way to upgrade. */
export function SubscriptionCard() {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Your plan</h2>
          <p className="text-sm text-slate-600">Basic · Free</p>
        </div>
        <Badge variant="neutral">Current plan</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Included</h3>
            <ul className="space-y-1.5">
              {INCLUDED.map((f) => (
                <li key={f} className="flex items-center gap-2 text-sm text-slate-800">
                  <Check aria-hidden="true" className="h-4 w-4 text-green-700" />
                  <span>
                    <span className="sr-only">Included: </span>
                    {f}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Not included</h3>
            <ul className="space-y-1.5">
              {EXCLUDED.map((f) => (
                <li key={f} className="flex items-center gap-2 text-sm text-slate-600">
                  <X aria-hidden="true" className="h-4 w-4 text-slate-500" />
                  <span>
                    <span className="sr-only">Not included: </span>
                    {f}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link href={paths.subscription}>
            <Crown aria-hidden="true" className="h-4 w-4" />
            Upgrade to Premium
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

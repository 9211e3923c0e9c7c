import { Check, Loader2, Minus } from 'lucide-react';
import { PAID_PLAN_IDS, PLAN_IDS, PLANS, planComparisonFor, type PlanId } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { comparisonButton } from './plan-buttons';

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <span className="whitespace-nowrap font-medium text-slate-900">{value}</span>;
  return value ? (
    <span className="inline-flex items-center text-green-800">
      <Check aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">Included</span>
    </span>
  ) : (
    <span className="inline-flex items-center text-slate-500">
      <Minus aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">Not included</span>
    </span>
  );
}

/** The Feature Comparison tab (spec section 2): the table, then a button per plan; Basic's daily scans are this server's. */
export function FeatureComparison({ effective, pending, onChoose, basicScansPerDay, coveredByFamily = false }: { effective: PlanId; pending: PlanId | null; onChoose: (plan: PlanId) => void; basicScansPerDay: number | null; coveredByFamily?: boolean }) {
  return (
    <div className="space-y-4">
      {/* a phone may scroll the table sideways: the region takes the keyboard's focus to do so */}
      <Card className="overflow-x-auto focus-ring" tabIndex={0} role="region" aria-label="Feature comparison table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What each plan includes</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="p-2 font-semibold sm:p-3">
                Feature
              </th>
              {PLAN_IDS.map((id) => (
                <th key={id} scope="col" className="p-2 text-center font-semibold sm:p-3">
                  {PLANS[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {planComparisonFor(basicScansPerDay).map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="p-2 align-top font-normal sm:p-3">
                  <span className="block font-medium text-slate-900">{row.feature}</span>
                  <span className="block text-xs text-slate-600">{row.description}</span>
                </th>
                {PLAN_IDS.map((id) => (
                  <td key={id} className="p-2 text-center align-top sm:p-3">
                    <Cell value={row[id]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <div className="grid gap-2 sm:grid-cols-3">
        {(['basic', ...PAID_PLAN_IDS] as const).map((id) => {
          const button = comparisonButton(id, effective, pending, coveredByFamily);
          return (
            <Button
              key={id}
              variant={button.text.startsWith('Upgrade') || button.text.startsWith('Switch') || button.text === 'Processing...' ? 'default' : 'outline'}
              className="h-auto min-h-11 py-2"
              disabled={button.disabled}
              onClick={() => onChoose(id)}
            >
              {button.text === 'Processing...' ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : null}
              {button.text}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

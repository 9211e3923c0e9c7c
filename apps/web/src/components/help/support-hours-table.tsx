import { SUPPORT_HOURS } from '@baitcheck/contracts/lite';

/** The support team's hours (spec section 9), as Contact Support and Live Chat show them. */
export function SupportHoursTable() {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Support hours</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-4 font-medium">
            Day
          </th>
          <th scope="col" className="py-2 font-medium">
            Hours
          </th>
        </tr>
      </thead>
      <tbody>
        {SUPPORT_HOURS.map((row) => (
          <tr key={row.days} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
              {row.days}
            </th>
            <td className="py-2 text-slate-800">{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import type { ThreatLevel } from '@baitcheck/contracts';

/**
 * The colours that carry a verdict in graphics (the dashboard's bars and legend, an alert's edge)
 * and in the dashboard's counters, by Tailwind colour name (`red-600`) and as the class names
 * Tailwind must see written out. Graphics need 3:1 against the white they sit on (WCAG 1.4.11) in
 * every colour-vision mode, text 4.5:1 against its panel: the colour-vision filters are tuned
 * for these, and components/accessibility/threat-contrast.test.ts checks both, drawn and as
 * each dichromat sees them. Suspicious is a dark gold: amber-500 had 2.2:1 against white.
 */
export const THREAT_COLORS: Record<
  ThreatLevel,
  { color: string; fill: string; edge: string; text: { color: string; on: string; tone: string; panel: string } }
> = {
  phishing: {
    color: 'red-600',
    fill: 'bg-red-600',
    edge: 'border-l-red-600',
    text: { color: 'red-700', on: 'red-50', tone: 'text-red-700', panel: 'border-red-200 bg-red-50' },
  },
  suspicious: {
    color: 'yellow-700',
    fill: 'bg-yellow-700',
    edge: 'border-l-yellow-700',
    text: { color: 'amber-800', on: 'amber-50', tone: 'text-amber-800', panel: 'border-amber-200 bg-amber-50' },
  },
  safe: {
    color: 'green-700',
    fill: 'bg-green-700',
    edge: 'border-l-green-700',
    text: { color: 'green-800', on: 'green-50', tone: 'text-green-800', panel: 'border-green-200 bg-green-50' },
  },
};

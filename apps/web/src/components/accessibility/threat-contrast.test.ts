import { describe, expect, it } from 'vitest';
import colors from 'tailwindcss/colors';
import type { ThreatLevel } from '@baitcheck/contracts';
import { THREAT_COLORS } from '@/lib/threat-colors';
import { COLOR_BLIND_MODES } from '@/lib/accessibility';
import { CVD_ERROR_SHIFT, CVD_SIMULATION, HIGH_CONTRAST_THREAT, daltonizationMatrix } from './color-vision-filters';

/*
 * WCAG contrast of the threat colours in every display mode, computed the way the browser draws
 * them: Tailwind's OKLCH colour in sRGB, the mode's SVG filter (a matrix in linear RGB, then the
 * high-contrast filter in sRGB when that is on), and, for a colour-vision mode, what the person
 * then sees (Machado et al.'s simulation). Graphics need 3:1 against the white card (1.4.11),
 * text 4.5:1 against its panel (1.4.3), and the three verdicts must stay apart for the person.
 */

type Rgb = [number, number, number];
type Matrix = readonly (readonly number[])[];

const clamp = (v: Rgb): Rgb => v.map((x) => Math.min(1, Math.max(0, x))) as Rgb;
const toLinear = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
const toSrgb = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
const apply = (m: Matrix, v: Rgb): Rgb => [0, 1, 2].map((r) => m[r]![0]! * v[0] + m[r]![1]! * v[1] + m[r]![2]! * v[2]) as Rgb;

/** A Tailwind colour (`red-600`) in linear sRGB, clipped to the sRGB gamut as a screen shows it. */
function linearOf(name: string): Rgb {
  const [hue, shade] = name.split('-') as [string, string];
  const value = (colors as unknown as Record<string, Record<string, string>>)[hue]![shade]!;
  const m = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (!m) throw new Error(`not an OKLCH colour: ${name} = ${value}`);
  const [L, C, h] = [Number(m[1]) / 100, Number(m[2]), (Number(m[3]) * Math.PI) / 180];
  const a = C * Math.cos(h);
  const b = C * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return clamp([
    4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s,
  ]);
}

function luminance([r, g, b]: Rgb) {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(x: Rgb, y: Rgb) {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Distance in OKLab (0.02 is about the least difference one can see). */
function difference(x: Rgb, y: Rgb) {
  const lab = ([r, g, b]: Rgb) => {
    const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return [0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s, 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s, 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s];
  };
  const [p, q] = [lab(x), lab(y)];
  return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
}

/** The high-contrast filter: feColorMatrix saturate, then a gamma per channel, both in sRGB. */
function highContrast(v: Rgb): Rgb {
  const k = HIGH_CONTRAST_THREAT.saturate;
  const saturate = [
    [0.213 + 0.787 * k, 0.715 - 0.715 * k, 0.072 - 0.072 * k],
    [0.213 - 0.213 * k, 0.715 + 0.285 * k, 0.072 - 0.072 * k],
    [0.213 - 0.213 * k, 0.715 - 0.715 * k, 0.072 + 0.928 * k],
  ];
  const srgb = clamp(apply(saturate, v.map(toSrgb) as Rgb));
  return srgb.map((x) => toLinear(x ** HIGH_CONTRAST_THREAT.exponent)) as Rgb;
}

const WHITE: Rgb = [1, 1, 1];
const LEVELS: readonly ThreatLevel[] = ['phishing', 'suspicious', 'safe'];

const MODES = COLOR_BLIND_MODES.flatMap((mode) => [false, true].map((high) => ({ mode, high })));

/** A colour as drawn in a mode, and as the person in that mode sees it. */
function render(name: string, { mode, high }: { mode: (typeof COLOR_BLIND_MODES)[number]; high: boolean }) {
  let drawn = linearOf(name);
  if (mode !== 'none') drawn = clamp(apply(daltonizationMatrix(CVD_SIMULATION[mode], CVD_ERROR_SHIFT[mode]), drawn));
  if (high) drawn = highContrast(drawn);
  const seen = mode === 'none' ? drawn : clamp(apply(CVD_SIMULATION[mode], drawn));
  return { drawn, seen };
}

const label = ({ mode, high }: { mode: string; high: boolean }) => `${mode}${high ? ' + high contrast' : ''}`;

describe('threat colours in every display mode', () => {
  it.each(MODES.map((m) => [label(m), m] as const))('%s: each verdict colour has 3:1 against white, drawn and as seen', (_name, m) => {
    for (const level of LEVELS) {
      const { drawn, seen } = render(THREAT_COLORS[level].color, m);
      expect(contrast(drawn, WHITE), `${level} drawn`).toBeGreaterThanOrEqual(3);
      expect(contrast(seen, WHITE), `${level} seen`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(MODES.map((m) => [label(m), m] as const))('%s: the three verdicts stay clearly apart for the person', (_name, m) => {
    const seen = LEVELS.map((level) => render(THREAT_COLORS[level].color, m).seen);
    for (const [i, j] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      expect(difference(seen[i]!, seen[j]!), `${LEVELS[i]} vs ${LEVELS[j]}`).toBeGreaterThanOrEqual(0.1);
    }
  });

  // High contrast darkens the text colours themselves (index.css), so it is checked without it.
  it.each(MODES.filter((m) => !m.high).map((m) => [label(m), m] as const))(
    '%s: the counters’ text has 4.5:1 on its panel, drawn and as seen',
    (_name, m) => {
      for (const level of LEVELS) {
        const { color, on } = THREAT_COLORS[level].text;
        const text = render(color, m);
        const panel = render(on, m);
        expect(contrast(text.drawn, panel.drawn), `${level} drawn`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text.seen, panel.seen), `${level} seen`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('phishing never looks weaker than safe to a colour-blind person (the old protanopia filter drew it pale pink)', () => {
    for (const m of MODES.filter(({ mode }) => mode !== 'none')) {
      const phishing = contrast(render(THREAT_COLORS.phishing.color, m).seen, WHITE);
      const safe = contrast(render(THREAT_COLORS.safe.color, m).seen, WHITE);
      expect(phishing, label(m)).toBeGreaterThanOrEqual(0.85 * safe);
    }
  });
});

import type { ColorBlindMode } from '@/lib/accessibility';

type Row = readonly [number, number, number];
type Matrix3 = readonly [Row, Row, Row];

/**
 * How a person with each dichromacy sees linear RGB: Machado, Oliveira and Fernandes (2009),
 * "A Physiologically-based Model for Simulation of Color Vision Deficiency", severity 1.0.
 */
export const CVD_SIMULATION: Record<Exclude<ColorBlindMode, 'none'>, Matrix3> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/**
 * Where the colour difference a person cannot see is moved to (daltonization, Fidaner, Lin and
 * Ozguven 2005: the correction is `I + E·(I − S)`, so greys stay grey whatever `E` is). The
 * published `E` lightened red for protanopia into a pale pink of 2:1 against white, weaker than
 * safe's green. These are tuned for the threat colours of lib/threat-colors.ts so that, in each
 * mode, each threat colour keeps 3:1 against white as drawn and as the person sees it, the three
 * stay clearly apart for the person, and the counters' text keeps 4.5:1 on its panel, with high
 * contrast on or off: phishing turns to a deep violet-blue for protanopia and deuteranopia, safe
 * to olive, suspicious to a grey-mauve; tritanopia changes little. threat-contrast.test.ts checks it.
 */
export const CVD_ERROR_SHIFT: Record<Exclude<ColorBlindMode, 'none'>, Matrix3> = {
  protanopia: [
    [-1.2, -2, -2],
    [0, 0.1, -2],
    [0.6, 0.1, 0],
  ],
  deuteranopia: [
    [-1.4, 0.35, 2],
    [0.8, 1.7, 2],
    [0.95, -0.45, -0.05],
  ],
  tritanopia: [
    [0.15, 0, 0.05],
    [0, 0.3, -1],
    [0, 0, 0.4],
  ],
};

/** The high-contrast threat filter: more saturated, then mid-tones deepened by a gamma (0 and 1 stay put, so lights stay light). */
export const HIGH_CONTRAST_THREAT = { saturate: 1.25, exponent: 1.4 } as const;

/** The correction `I + E·(I − S)`: colours moved to where the person can tell them apart. Greys stay grey. */
export function daltonizationMatrix(simulation: Matrix3, shift: Matrix3): Matrix3 {
  const at = (i: number, j: number) => {
    let sum = i === j ? 1 : 0;
    for (let k = 0; k < 3; k++) sum += shift[i]![k]! * ((k === j ? 1 : 0) - simulation[k]![j]!);
    return sum;
  };
  const row = (i: number): Row => [at(i, 0), at(i, 1), at(i, 2)];
  return [row(0), row(1), row(2)];
}

/** A 3×3 colour matrix as `feColorMatrix` values (4×5, alpha untouched). */
export function toColorMatrixValues(m: Matrix3): string {
  const f = (n: number) => String(Math.round(n * 1e6) / 1e6);
  return [...m.map((r) => [...r.map(f), '0', '0'].join(' ')), '0 0 0 1 0'].join('  ');
}

/** The ids `index.css` refers to with `filter: url(#…)`. */
export const COLOR_VISION_FILTER_IDS = ['protanopia', 'deuteranopia', 'tritanopia', 'high-contrast-threat', 'edge-enhance'] as const;

const MODES = ['protanopia', 'deuteranopia', 'tritanopia'] as const;

/**
 * The hidden SVG filters behind the display modes (spec section 2, page shell). Mounted once;
 * zero-sized rather than `display: none`, which would switch the filters off in some browsers.
 */
export function ColorVisionFilters() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      data-testid="color-vision-filters"
      style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden', pointerEvents: 'none' }}
    >
      <defs>
        {MODES.map((mode) => (
          // The matrices are defined on linear RGB, which is what filters work in by default.
          <filter key={mode} id={mode} colorInterpolationFilters="linearRGB">
            <feColorMatrix type="matrix" values={toColorMatrixValues(daltonizationMatrix(CVD_SIMULATION[mode], CVD_ERROR_SHIFT[mode]))} />
          </filter>
        ))}
        {/* Deeper, more saturated threat colours: mid-tones and darks darker, lights stay light (a linear
            slope of 1.25 made light mid-tones lighter). */}
        <filter id="high-contrast-threat" colorInterpolationFilters="sRGB">
          <feColorMatrix type="saturate" values={String(HIGH_CONTRAST_THREAT.saturate)} />
          <feComponentTransfer>
            <feFuncR type="gamma" amplitude="1" exponent={String(HIGH_CONTRAST_THREAT.exponent)} offset="0" />
            <feFuncG type="gamma" amplitude="1" exponent={String(HIGH_CONTRAST_THREAT.exponent)} offset="0" />
            <feFuncB type="gamma" amplitude="1" exponent={String(HIGH_CONTRAST_THREAT.exponent)} offset="0" />
          </feComponentTransfer>
        </filter>
        {/* A gentle sharpen (the kernel sums to 1) so the outlines of icons and bars stand out. */}
        <filter id="edge-enhance" colorInterpolationFilters="sRGB">
          <feConvolveMatrix order="3" kernelMatrix="0 -0.5 0 -0.5 3 -0.5 0 -0.5 0" preserveAlpha="true" />
        </filter>
      </defs>
    </svg>
  );
}

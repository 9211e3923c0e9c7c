import { useId } from 'react';
import { RadioGroup } from 'radix-ui';
import { ALargeSmall, Contrast, Pause } from 'lucide-react';
import type { ThreatLevel } from '@baitcheck/contracts';
import { SettingRow } from '@/components/setting-row';
import { THREAT_LEVEL_META } from '@/components/threat-level';
import { cn } from '@/lib/cn';
import { COLOR_BLIND_MODES, useAccessibility, type ColorBlindMode } from '@/lib/accessibility';

const ICON = 'h-5 w-5';

const MODE_TEXT: Record<ColorBlindMode, { label: string; description: string }> = {
  none: { label: 'None', description: 'Standard colours' },
  protanopia: { label: 'Protanopia', description: 'Red-weak vision' },
  deuteranopia: { label: 'Deuteranopia', description: 'Green-weak vision' },
  tritanopia: { label: 'Tritanopia', description: 'Blue-weak vision' },
};

const LEGEND: ReadonlyArray<{ level: ThreatLevel; meaning: string }> = [
  { level: 'safe', meaning: 'No warning signs found' },
  { level: 'suspicious', meaning: 'Warning signs: take care' },
  { level: 'phishing', meaning: 'A scam: do not reply or click' },
];

// The reputation score bands (spec sections 4 and 9: 80, 60 and 40), copied from the scan
// feature's pills because a component may not import a feature. Widths follow the score range.
const BANDS = [
  { label: 'Bad', range: '0–39', bar: 'bg-red-600', pill: 'bg-red-100 text-red-800 border-red-300', width: 40 },
  { label: 'Poor', range: '40–59', bar: 'bg-orange-500', pill: 'bg-orange-100 text-orange-900 border-orange-300', width: 20 },
  { label: 'Fair', range: '60–79', bar: 'bg-yellow-400', pill: 'bg-yellow-100 text-yellow-900 border-yellow-300', width: 20 },
  { label: 'Good', range: '80–100', bar: 'bg-green-600', pill: 'bg-green-100 text-green-800 border-green-300', width: 20 },
] as const;

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-sm font-semibold text-slate-900">
      {children}
    </h3>
  );
}

/**
 * The accessibility preferences (spec section 2, Account and Settings; section 3): switches, the
 * colour-blind mode, a threat legend and a preview drawn with the chosen mode. Every change is
 * saved on this device and applied across the app at once.
 */
export function AccessibilityPanel({ className }: { className?: string }) {
  const [prefs, update] = useAccessibility();
  const id = useId();

  return (
    <div className={cn('space-y-6', className)} data-testid="accessibility-panel">
      <section aria-labelledby={`${id}-display`}>
        <SectionHeading id={`${id}-display`}>Display</SectionHeading>
        <div className="divide-y divide-slate-200">
          <SettingRow
            label="High Contrast"
            description="Stronger text and borders, underlined links"
            icon={<Contrast aria-hidden="true" className={ICON} />}
            checked={prefs.highContrast}
            onCheckedChange={(highContrast) => update({ highContrast })}
            showActive={false}
          />
          <SettingRow
            label="Large Text"
            description="Bigger text across the app"
            icon={<ALargeSmall aria-hidden="true" className={ICON} />}
            checked={prefs.largeText}
            onCheckedChange={(largeText) => update({ largeText })}
            showActive={false}
          />
          <SettingRow
            label="Reduced Motion"
            description="No animations or sliding transitions"
            icon={<Pause aria-hidden="true" className={ICON} />}
            checked={prefs.reducedMotion}
            onCheckedChange={(reducedMotion) => update({ reducedMotion })}
            showActive={false}
          />
        </div>
      </section>

      <section aria-labelledby={`${id}-mode`}>
        <SectionHeading id={`${id}-mode`}>Colour-Blind Mode</SectionHeading>
        <p id={`${id}-mode-desc`} className="mb-2 text-sm text-slate-600">
          Adjusts the warning colours so they are easier to tell apart.
        </p>
        <RadioGroup.Root
          aria-labelledby={`${id}-mode`}
          aria-describedby={`${id}-mode-desc`}
          value={prefs.colorBlindMode}
          onValueChange={(value) => update({ colorBlindMode: value as ColorBlindMode })}
          // At most two columns; one once Large Text makes two too narrow (the minimum is in rem).
          className="grid grid-cols-[repeat(auto-fill,minmax(max(9.5rem,calc(50%_-_0.25rem)),1fr))] gap-2"
        >
          {COLOR_BLIND_MODES.map((mode) => {
            const text = MODE_TEXT[mode];
            const checked = prefs.colorBlindMode === mode;
            return (
              // The whole card is the click target; the radio is named by its label only.
              <label
                key={mode}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors',
                  checked ? 'border-primary bg-primary-soft' : 'border-slate-300 bg-white hover:bg-slate-50',
                )}
              >
                <RadioGroup.Item
                  value={mode}
                  aria-labelledby={`${id}-${mode}-label`}
                  aria-describedby={`${id}-${mode}-desc`}
                  className="flex h-5 w-5 shrink-0 cursor-pointer items-center justify-center rounded-full border-2 border-slate-500 bg-white focus-ring data-[state=checked]:border-primary"
                >
                  <RadioGroup.Indicator className="block h-2.5 w-2.5 rounded-full bg-primary" />
                </RadioGroup.Item>
                <span className="min-w-0 break-words">
                  <span id={`${id}-${mode}-label`} className={cn('block text-sm text-slate-900', checked ? 'font-semibold' : 'font-medium')}>
                    {text.label}
                  </span>
                  <span id={`${id}-${mode}-desc`} className="block text-xs text-slate-600">
                    {text.description}
                  </span>
                </span>
              </label>
            );
          })}
        </RadioGroup.Root>
      </section>

      <section aria-labelledby={`${id}-legend`}>
        <SectionHeading id={`${id}-legend`}>Threat Legend</SectionHeading>
        <ul className="mt-2 grid gap-2 sm:grid-cols-3" data-testid="threat-legend">
          {LEGEND.map(({ level, meaning }) => {
            const meta = THREAT_LEVEL_META[level];
            return (
              <li key={level} className={cn('flex items-center gap-2 rounded-lg border px-3 py-2', meta.panel)}>
                <meta.Icon aria-hidden="true" className={cn('h-5 w-5 shrink-0', meta.tone)} />
                <span className="min-w-0">
                  <span className={cn('block text-sm font-semibold', meta.tone)}>{meta.label}</span>
                  <span className="block text-xs text-slate-700">{meaning}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby={`${id}-preview`}>
        <SectionHeading id={`${id}-preview`}>Preview</SectionHeading>
        <figure className="mt-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="accessibility-preview">
          <figcaption className="mb-2 text-xs text-slate-600">
            Reputation score bands, drawn with{' '}
            {prefs.colorBlindMode === 'none' ? 'standard colours' : `${MODE_TEXT[prefs.colorBlindMode].label} colours`}
            {prefs.highContrast ? ' in high contrast' : ''}
          </figcaption>
          <div aria-hidden="true" className="flex h-4 overflow-hidden rounded-full">
            {BANDS.map((b) => (
              <div key={b.label} className={b.bar} style={{ width: `${b.width}%` }} />
            ))}
          </div>
          <ol className="mt-2 grid grid-cols-[2fr_1fr_1fr_1fr] gap-1 text-center">
            {BANDS.map((b) => (
              <li key={b.label} className={cn('rounded-md border px-1 py-1 text-xs', b.pill)}>
                <span className="block font-semibold">{b.label}</span>
                <span className="block tabular-nums">{b.range}</span>
              </li>
            ))}
          </ol>
        </figure>
      </section>
    </div>
  );
}

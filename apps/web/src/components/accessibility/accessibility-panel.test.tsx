import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESSIBILITY_STORAGE_KEY, accessibilityStore } from '@/lib/accessibility';
import { AccessibilityPanel } from './accessibility-panel';

const html = document.documentElement;

function reset() {
  localStorage.clear();
  accessibilityStore.reload();
  for (const name of ['data-contrast', 'data-text', 'data-motion', 'data-colorblind']) html.removeAttribute(name);
}

beforeEach(reset);
afterEach(reset);

describe('AccessibilityPanel', () => {
  it('switches change the attributes on <html> at once, and are saved', async () => {
    const user = userEvent.setup();
    render(<AccessibilityPanel />);
    const contrast = screen.getByRole('switch', { name: 'High Contrast' });
    const text = screen.getByRole('switch', { name: 'Large Text' });
    const motion = screen.getByRole('switch', { name: 'Reduced Motion' });
    for (const s of [contrast, text, motion]) expect(s).toHaveAttribute('aria-checked', 'false');

    await user.click(contrast);
    expect(contrast).toHaveAttribute('aria-checked', 'true');
    expect(html).toHaveAttribute('data-contrast', 'high');
    await user.click(text);
    expect(html).toHaveAttribute('data-text', 'large');
    await user.click(motion);
    expect(html).toHaveAttribute('data-motion', 'reduced');
    expect(JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({
      highContrast: true,
      largeText: true,
      reducedMotion: true,
    });

    await user.click(contrast);
    expect(contrast).toHaveAttribute('aria-checked', 'false');
    expect(html).not.toHaveAttribute('data-contrast');
  });

  it('chooses a colour-blind mode from a labelled radio group, and the preview says so', async () => {
    const user = userEvent.setup();
    render(<AccessibilityPanel />);
    const group = screen.getByRole('radiogroup', { name: 'Colour-Blind Mode' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'None',
      'Protanopia',
      'Deuteranopia',
      'Tritanopia',
    ]);
    expect(within(group).getByRole('radio', { name: 'None' })).toBeChecked();
    const preview = screen.getByTestId('accessibility-preview');
    expect(preview).toHaveTextContent('standard colours');

    await user.click(screen.getByRole('radio', { name: 'Deuteranopia' }));
    expect(screen.getByRole('radio', { name: 'Deuteranopia' })).toBeChecked();
    expect(html).toHaveAttribute('data-colorblind', 'deuteranopia');
    expect(preview).toHaveTextContent('Deuteranopia colours');

    // Clicking anywhere on the card's text chooses it too.
    await user.click(screen.getByText('Blue-weak vision'));
    expect(html).toHaveAttribute('data-colorblind', 'tritanopia');

    await user.click(screen.getByRole('radio', { name: 'None' }));
    expect(html).not.toHaveAttribute('data-colorblind');
    expect(preview).toHaveTextContent('standard colours');
  });

  it('has a threat legend in words and icons, not colour alone, and score bands in words', () => {
    render(<AccessibilityPanel />);
    const legend = screen.getByTestId('threat-legend');
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((i) => i.firstElementChild?.tagName.toLowerCase())).toEqual(['svg', 'svg', 'svg']);
    expect(items[0]).toHaveTextContent('Safe');
    expect(items[1]).toHaveTextContent('Suspicious');
    expect(items[2]).toHaveTextContent('Phishing');
    const bands = within(screen.getByTestId('accessibility-preview')).getAllByRole('listitem');
    expect(bands.map((b) => b.textContent)).toEqual(['Bad0–39', 'Poor40–59', 'Fair60–79', 'Good80–100']);
  });

  it('keeps every panel on the page in step, and follows a change made in another tab', async () => {
    const user = userEvent.setup();
    const stop = accessibilityStore.start();
    render(
      <>
        <section aria-label="first">
          <AccessibilityPanel />
        </section>
        <section aria-label="second">
          <AccessibilityPanel />
        </section>
      </>,
    );
    const first = screen.getByRole('region', { name: 'first' });
    const second = screen.getByRole('region', { name: 'second' });
    await user.click(within(first).getByRole('switch', { name: 'Large Text' }));
    expect(within(second).getByRole('switch', { name: 'Large Text' })).toHaveAttribute('aria-checked', 'true');

    act(() => {
      localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify({ colorBlindMode: 'protanopia' }));
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESSIBILITY_STORAGE_KEY }));
    });
    expect(within(second).getByRole('radio', { name: 'Protanopia' })).toBeChecked();
    expect(within(second).getByRole('switch', { name: 'Large Text' })).toHaveAttribute('aria-checked', 'false');
    expect(html).toHaveAttribute('data-colorblind', 'protanopia');
    stop();
  });
});

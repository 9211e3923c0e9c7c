import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { COLOR_VISION_FILTER_IDS, CVD_SIMULATION, ColorVisionFilters, daltonizationMatrix } from './color-vision-filters';

function matrixOf(filter: Element): number[][] {
  const values = filter.querySelector('feColorMatrix')!.getAttribute('values')!.trim().split(/\s+/).map(Number);
  return [0, 1, 2, 3].map((r) => values.slice(r * 5, r * 5 + 5));
}

function apply(m: number[][], rgb: [number, number, number]) {
  return [0, 1, 2].map((r) => m[r]![0]! * rgb[0] + m[r]![1]! * rgb[1] + m[r]![2]! * rgb[2]);
}

describe('ColorVisionFilters', () => {
  it('is a hidden, zero-sized SVG holding every filter the display modes use', () => {
    const { getByTestId } = render(<ColorVisionFilters />);
    const svg = getByTestId('color-vision-filters');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.style.position).toBe('absolute');
    expect(svg.getAttribute('width')).toBe('0');
    expect(svg.getAttribute('height')).toBe('0');
    expect([...svg.querySelectorAll('filter')].map((f) => f.id)).toEqual([...COLOR_VISION_FILTER_IDS]);
    expect(svg.querySelector('#edge-enhance feConvolveMatrix')).toHaveAttribute('order', '3');
  });

  it('corrects colours without tinting greys, and moves red-green differences where a dichromat sees them', () => {
    const { getByTestId } = render(<ColorVisionFilters />);
    const svg = getByTestId('color-vision-filters');
    for (const id of ['protanopia', 'deuteranopia', 'tritanopia']) {
      const m = matrixOf(svg.querySelector(`#${id}`)!);
      // Each colour row sums to 1 (greys stay grey); alpha passes through untouched.
      for (const row of m.slice(0, 3)) expect(row[0]! + row[1]! + row[2]!).toBeCloseTo(1, 3);
      expect(m[3]).toEqual([0, 0, 0, 1, 0]);
      // It is not the identity: the filter changes something.
      expect(m.slice(0, 3).some((row, i) => Math.abs(row[i]! - 1) > 0.05)).toBe(true);
    }
    // A strong red gains blue under the protanopia correction, so it no longer looks like green.
    const red = apply(matrixOf(svg.querySelector('#protanopia')!), [0.8, 0.05, 0.05]);
    expect(red[2]).toBeGreaterThan(0.3);
  });

  it('builds the correction as I + E·(I − S)', () => {
    const identity = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ] as const;
    // A "simulation" that changes nothing needs no correction.
    expect(daltonizationMatrix(identity, CVD_SIMULATION.protanopia)).toEqual(identity);
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Reason } from '@baitcheck/contracts';
import { plainWordsFor } from '@baitcheck/contracts/reason-words';
import { ALL_RULES } from '@baitcheck/detector';
import { VerdictReasons } from './verdict-reasons';

const reason = (id: string, label: string, severity: Reason['severity']): Reason => ({ id, label, severity, evidence: [] });
const RISKY_TLD = reason('risky-tld', 'Link uses a domain ending often used by scam websites', 'medium');
const TIME = reason('time-pressure', 'Artificial time pressure', 'low');

describe('VerdictReasons', () => {
  it('a safe verdict with only weak signs says nothing was found', () => {
    render(<VerdictReasons safe labels={[TIME.label]} details={[TIME]} />);
    expect(screen.getByText('No suspicious elements detected.')).toBeInTheDocument();
    expect(screen.queryByText(TIME.label)).not.toBeInTheDocument();
  });

  it('a safe verdict never claims nothing was found when a sign of weight was seen', () => {
    render(<VerdictReasons safe labels={[RISKY_TLD.label, TIME.label]} details={[RISKY_TLD, TIME]} />);
    expect(screen.queryByText('No suspicious elements detected.')).not.toBeInTheDocument();
    expect(screen.getByText('Not enough to call it suspicious, but worth knowing:')).toBeInTheDocument();
    expect(screen.getByText(RISKY_TLD.label)).toBeInTheDocument();
    expect(screen.queryByText(TIME.label)).not.toBeInTheDocument();
  });

  it('a warning lists its reasons', () => {
    render(<VerdictReasons safe={false} labels={[RISKY_TLD.label]} details={[RISKY_TLD]} />);
    expect(screen.getByText(RISKY_TLD.label)).toBeInTheDocument();
    expect(screen.queryByText('Not enough to call it suspicious, but worth knowing:')).not.toBeInTheDocument();
  });

  it("says under each of the specification's terse reasons what it means in plain words, and adds nothing to the engine's own sentences", () => {
    const URGENCY = reason('urgency', 'Urgency language detected', 'low');
    const URL = reason('url', 'Suspicious URL detected', 'medium');
    render(<VerdictReasons safe={false} labels={[URGENCY.label, URL.label, RISKY_TLD.label]} details={[URGENCY, URL, RISKY_TLD]} />);
    expect(screen.getByText(URL.label)).toHaveTextContent(plainWordsFor(URL.label)!);
    expect(screen.getByText(plainWordsFor(URL.label)!)).toBeInTheDocument();
    expect(screen.getByText(RISKY_TLD.label)).toHaveTextContent(/^Medium risk: Link uses a domain ending often used by scam websites$/);
  });
});

describe('plainWordsFor', () => {
  it("covers every phrase group of the engine (the specification's six), and only those", () => {
    const spec = ['Urgency language detected', 'Security threat language detected', 'Artificial time pressure', 'Suspicious URL detected', 'Reward scam patterns detected', 'Suspicious link instructions'];
    const labels = ALL_RULES.map((rule) => rule.label);
    for (const label of spec) {
      expect(labels, label).toContain(label);
      expect(plainWordsFor(label), label).toMatch(/^It /);
    }
    expect([...new Set(labels.filter((label) => plainWordsFor(label) !== undefined))].sort()).toEqual([...spec].sort());
    expect(plainWordsFor('Link uses an unusual port number')).toBeUndefined();
    expect(plainWordsFor('constructor')).toBeUndefined();
    expect(plainWordsFor('__proto__')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Reason } from '@baitcheck/contracts';
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
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScanAnalysis } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeAnalysis } from '@/testing/fixtures';
import ScanPage from './scan-page';

const PRIZE = 'Congratulations! You won an iPhone. Pay the £2 delivery fee at https://prize-claim.top to get it';

function socialResponse(overrides: Partial<ScanAnalysis> = {}) {
  return {
    message: { id: 'saved-1', content: PRIZE, sender: 'Instagram message', source: 'social' },
    analysis: makeAnalysis({
      content: PRIZE,
      reasons: ['Claims you won a prize', 'Urgency language detected'],
      reasonDetails: [
        { id: 'prize-claim', label: 'Claims you won a prize', severity: 'high', evidence: [{ start: 17, end: 34, text: 'You won an iPhone' }] },
        { id: 'urgency-language', label: 'Urgency language detected', severity: 'low', evidence: [{ start: 0, end: 15, text: 'Congratulations' }] },
      ],
      highlights: [
        { start: 17, end: 34, text: 'You won an iPhone', reasonId: 'prize-claim' },
        { start: 0, end: 15, text: 'Congratulations', reasonId: 'urgency-language' },
      ],
      ...overrides,
    }),
  };
}

async function scanOnSocialTab(text: string) {
  renderWithApp(<ScanPage />);
  await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
  await userEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
  await userEvent.type(screen.getByLabelText('Message'), text);
  await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
  return screen.findByTestId('social-result');
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Social Media result', () => {
  it('says what to do now under the verdict, as the General Scan result does', async () => {
    mockApi({ 'POST /api/scan/text': { body: socialResponse() } });
    const card = await scanOnSocialTab('You won');
    const doNow = within(card).getByTestId('what-to-do');
    expect(doNow).toHaveTextContent("What to do now: Don't pay anything. If you already paid, call your bank now.");
    // Right under the verdict, before the warnings.
    const warnings = within(card).getByRole('heading', { name: 'Warning Indicators' });
    expect(doNow.compareDocumentPosition(warnings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The serious sign first; the word-list one behind 'More details'.
    expect(within(card).getByText('Claims you won a prize')).toBeInTheDocument();
    expect(within(card).queryByText('Urgency language detected')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /More details/ }));
    expect(within(card).getByText('Urgency language detected')).toBeInTheDocument();
  });

  it('gives a safe result no orders, no highlights and no warning reasons', async () => {
    const content = 'Running 20 mins late, see you at the cafe';
    mockApi({
      'POST /api/scan/text': {
        body: socialResponse({
          threatLevel: 'safe',
          content,
          reasons: ['Time pressure'],
          reasonDetails: [{ id: 'time-pressure', label: 'Time pressure', severity: 'low', evidence: [{ start: 8, end: 15, text: '20 mins' }] }],
          highlights: [{ start: 8, end: 15, text: '20 mins', reasonId: 'time-pressure' }],
          recommendations: [],
        }),
      },
    });
    const card = await scanOnSocialTab(content);
    expect(within(card).queryByTestId('what-to-do')).not.toBeInTheDocument();
    expect(within(card).getByText(content)).toBeInTheDocument();
    expect(card.querySelector('mark')).toBeNull();
    expect(within(card).queryByText('Time pressure')).not.toBeInTheDocument();
    expect(within(card).getByText('No suspicious elements detected.')).toBeInTheDocument();
  });

  it('Clear Results empties the card and puts focus in the message box, the platform kept', async () => {
    mockApi({ 'POST /api/scan/text': { body: socialResponse() } });
    const card = await scanOnSocialTab('You won');
    await userEvent.click(within(card).getByRole('button', { name: 'Clear Results' }));
    expect(screen.queryByTestId('social-result')).not.toBeInTheDocument();
    const box = screen.getByLabelText('Message');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
  });

  it('Clear Results by keyboard: Enter on it, then the next message can be typed at once', async () => {
    mockApi({ 'POST /api/scan/text': { body: socialResponse() } });
    const card = await scanOnSocialTab('You won');
    within(card).getByRole('button', { name: 'Clear Results' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('Next message');
    expect(screen.getByLabelText('Message')).toHaveValue('Next message');
  });
});

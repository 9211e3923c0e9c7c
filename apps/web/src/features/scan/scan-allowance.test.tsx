import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { failWith, makeAnalysis, makeScanUsage, PHISHING_TEXT } from '@/testing/fixtures';
import ScanPage from './scan-page';
import { resetTimeWords } from './scan-allowance';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const SERVER_SENTENCE =
  "You have used all 10 of today's free scans on the Basic plan. You can scan again at midnight your time (Europe/Paris), in 6 hours. Premium has no daily limit: upgrade on the Upgrade page.";
const textResponse = { message: { id: 'saved-1', content: PHISHING_TEXT, sender: '', source: 'manual' }, analysis: makeAnalysis() };
const usageCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/api/scan-usage');
const scanCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/scan/'));

describe('resetTimeWords', () => {
  it("says midnight for the reader's midnight, else the time", () => {
    const midnight = new Date(2026, 2, 11, 0, 0, 0);
    expect(resetTimeWords(midnight.toISOString())).toBe('midnight');
    expect(resetTimeWords(new Date(2026, 2, 11, 15, 5).toISOString())).toBe('3:05 PM');
  });
});

describe('Scan screen: the daily scan limit', () => {
  it('tells a Basic user how many scans are left today, and counts one down after a scan', async () => {
    let used = 3;
    const { calls } = mockApi({
      'GET /api/scan-usage': () => ({ body: makeScanUsage(used) }),
      'POST /api/scan/text': () => {
        used += 1;
        return { body: textResponse };
      },
    });
    renderWithApp(<ScanPage />);
    const line = await screen.findByTestId('scans-left');
    expect(line).toHaveTextContent('7 of 10 free scans left today');
    expect(within(line).getByRole('link', { name: 'Unlimited with Premium' })).toHaveAttribute('href', '/subscription');
    // the browser's time zone goes with the question
    expect((usageCalls(calls)[0]?.init.headers as Record<string, string>)['X-Time-Zone']).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Message to scan'), 'URGENT: pay now');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByTestId('scan-result');
    await waitFor(() => expect(screen.getByTestId('scans-left')).toHaveTextContent('6 of 10 free scans left today'));
    expect(usageCalls(calls)).toHaveLength(2);
  });

  it('says nothing on a plan without a daily limit, or when the server runs without one', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(0, { plan: 'premium', limit: null, remaining: null }) } });
    renderWithApp(<ScanPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scan Message' })).toBeEnabled());
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('scans-left')).not.toBeInTheDocument();
    expect(screen.queryByText(/scans left today/)).not.toBeInTheDocument();
  });

  it('when none are left: says when they come back, links Upgrade, and every scan button explains instead of scanning', async () => {
    const { calls } = mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(10) } });
    renderWithApp(<ScanPage />);
    const notice = await screen.findByTestId('out-of-scans');
    expect(within(notice).getByRole('heading', { name: 'No scans left today' })).toBeInTheDocument();
    expect(notice).toHaveTextContent("You have used all 10 of today's free scans on the Basic plan. You can scan again at midnight. Premium has no daily limit.");
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');

    await userEvent.type(screen.getByLabelText('Message to scan'), 'URGENT: pay now');
    // a screen reader hears why, in the box too
    expect(screen.getByLabelText('Message to scan')).toHaveAccessibleDescription('No scans left today: you can scan again at midnight. Upgrade for unlimited scans.');
    const scanMessage = screen.getByRole('button', { name: 'Scan Message' });
    expect(scanMessage).toBeDisabled();
    expect(scanMessage).toHaveAccessibleDescription('No scans left today: you can scan again at midnight. Upgrade for unlimited scans.');
    // Enter in the box sends nothing either
    await userEvent.type(screen.getByLabelText(/Sender/), 'x{Enter}');

    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com{Enter}');
    expect(screen.getByRole('button', { name: 'Scan URL' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scan URL' })).toHaveAccessibleDescription(/^No scans left today/);

    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'You won a prize');
    expect(screen.getByRole('button', { name: 'Scan Message' })).toBeDisabled();
    expect(screen.getByTestId('scan-limit-note')).toHaveTextContent('No scans left today: you can scan again at midnight. Upgrade for unlimited scans.');
    expect(scanCalls(calls)).toHaveLength(0);
  });

  it("shows the server's sentence when a scan is refused for the limit, then the out-of-scans state", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let used = 9;
    mockApi({
      'GET /api/scan-usage': () => ({ body: makeScanUsage(used) }),
      // another tab spent the last scan meanwhile
      'POST /api/scan/url': () => {
        used = 10;
        return failWith(429, 'SCAN_LIMIT_REACHED', SERVER_SENTENCE);
      },
    });
    renderWithApp(<ScanPage />);
    expect(await screen.findByTestId('scans-left')).toHaveTextContent('1 of 10 free scan');
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    expect(await screen.findByText(SERVER_SENTENCE)).toBeInTheDocument();
    // the toast's title, over the sentence
    expect(screen.getByText(SERVER_SENTENCE).previousElementSibling).toHaveTextContent(/^No scans left today$/);
    expect(screen.queryByText('There was a problem scanning the URL.')).not.toBeInTheDocument();
    await screen.findByTestId('out-of-scans');
    expect(screen.getByRole('button', { name: 'Scan URL' })).toBeDisabled();
    // the pressed button is disabled now: the focus goes to why, not to nowhere
    await waitFor(() => expect(screen.getByTestId('scan-limit-note')).toHaveFocus());
    // what was typed stays
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://example.com');
  });

  it("shows the server's sentence on the Social Media tab too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(2) }, 'POST /api/scan/text': failWith(429, 'SCAN_LIMIT_REACHED', SERVER_SENTENCE) });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'You won a prize');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(await screen.findByText(SERVER_SENTENCE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to scan message. Please try again.')).not.toBeInTheDocument();
  });

  it('asks again when the day turns, so an open screen gets its scans back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let used = 10;
    const soon = new Date(Date.now() + 60_000).toISOString();
    mockApi({ 'GET /api/scan-usage': () => ({ body: makeScanUsage(used, used >= 10 ? { resetsAt: soon } : {}) }) });
    renderWithApp(<ScanPage />);
    await screen.findByTestId('out-of-scans');
    used = 0;
    await vi.advanceTimersByTimeAsync(62_000);
    await waitFor(() => expect(screen.getByTestId('scans-left')).toHaveTextContent('10 of 10 free scans left today'));
    expect(screen.queryByTestId('out-of-scans')).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { makeAnalysis, PHISHING_TEXT } from '@/testing/fixtures';
import ScanPage from './scan-page';
import { findFirstHttpLink } from './extract-link';
import { getScoreBand } from './score-band';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The scans among the calls (the screen also asks how many scans are left today). */
const scanCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/scan/'));

function textResponse(overrides = {}) {
  return {
    message: { id: 'saved-1', content: PHISHING_TEXT, sender: '+15551234', source: 'sms' },
    analysis: makeAnalysis(overrides),
  };
}

describe('findFirstHttpLink', () => {
  it('finds the first http(s) link without trailing punctuation', () => {
    expect(findFirstHttpLink('Go to https://a.example/x?y=1. Then http://b.example')).toBe('https://a.example/x?y=1');
    expect(findFirstHttpLink('(see http://en.wikipedia.org/wiki/Foo_(bar))')).toBe('http://en.wikipedia.org/wiki/Foo_(bar)');
  });
  it('ignores links that do not start with http', () => {
    expect(findFirstHttpLink('visit www.example.com or ftp://x.example')).toBeNull();
  });
});

describe('getScoreBand', () => {
  it('uses the spec bands at 80, 60 and 40 with a word for each', () => {
    expect([80, 79, 60, 59, 40, 39, 0].map((s) => getScoreBand(s).band)).toEqual([
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
      'red',
    ]);
    expect(getScoreBand(95).label).toBe('Good');
    expect(getScoreBand(10).label).toBe('Bad');
  });
});

describe('General scan, message form', () => {
  it('starts with the spec defaults and validates empty content', async () => {
    const { calls } = mockApi({});
    renderWithApp(<ScanPage />);
    expect(screen.getByRole('heading', { name: 'Scan for Threats' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General Scan' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
    expect(screen.getByLabelText(/Sender/)).toHaveValue('');
    expect(screen.getByLabelText('Message type')).toHaveValue('manual');
    expect(screen.getByRole('switch', { name: 'Enhanced Threat Intelligence' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message to scan.');
    expect(scanCalls(calls)).toHaveLength(0);
  });

  it('sends the form and shows the verdict with highlights, reasons and recommendations', async () => {
    const { calls } = mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'URGENT: pay now');
    await userEvent.type(screen.getByLabelText(/Sender/), ' +15551234 ');
    await userEvent.selectOptions(screen.getByLabelText('Message type'), 'sms');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));

    const result = await screen.findByTestId('scan-result');
    expect(scanCalls(calls)[0]?.body).toEqual({
      content: 'URGENT: pay now',
      sender: '+15551234',
      source: 'sms',
      enhancedAnalysis: true,
      saveToHistory: true,
    });
    expect(within(result).getByRole('heading', { name: 'Phishing Detected' })).toBeInTheDocument();
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['URGENT', 'http://paypa1-secure.com/login']);
    expect(within(result).getByText('Suspicious URL detected')).toBeInTheDocument();
    // a word-list reason (low) waits behind More details
    await userEvent.click(within(result).getByRole('button', { name: /More details/ }));
    expect(within(result).getByText('Urgency language detected')).toBeInTheDocument();
    expect(within(result).getByRole('heading', { name: 'Recommendations' })).toBeInTheDocument();
    expect(within(result).getByText('Do not click the link.')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Report' })).toBeInTheDocument();

    await userEvent.click(within(result).getByRole('button', { name: 'Scan New Content' }));
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
  });

  it('opens an .eml file as the message to scan, as an email', async () => {
    const { calls } = mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    renderWithApp(<ScanPage />);
    // a text box keeps line ends as LF, as browsers do
    const source = 'From: Billing <billing@example.com>\nSubject: Invoice\nDate: Mon, 23 Nov 2026 09:00:00 +0000\n\nPlease see the invoice.\n';
    await userEvent.upload(screen.getByLabelText('Or open an email file (.eml)'), new File([source], 'invoice.eml', { type: 'message/rfc822' }));
    await waitFor(() => expect(screen.getByLabelText('Message to scan')).toHaveValue(source));
    expect(screen.getByLabelText('Message type')).toHaveValue('email');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByTestId('scan-result');
    expect(scanCalls(calls)[0]?.body).toMatchObject({ content: source, source: 'email' });
  });

  it('refuses an empty or too large .eml file with a clear message', async () => {
    renderWithApp(<ScanPage />);
    const picker = screen.getByLabelText('Or open an email file (.eml)');
    await userEvent.upload(picker, new File(['x'.repeat(100_001)], 'big.eml', { type: 'message/rfc822' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email file is too large to scan (at most 100,000 characters).');
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
    await userEvent.upload(picker, new File(['  '], 'empty.eml', { type: 'message/rfc822' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email file is empty.');
  });

  it('shows the busy text and disables the form while scanning', async () => {
    let release: (v: unknown) => void = () => {};
    const pending = new Promise((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await pending;
        return new Response(JSON.stringify(textResponse()), { status: 200 });
      }),
    );
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(await screen.findByRole('button', { name: 'Analyzing content...' })).toBeDisabled();
    expect(screen.getByLabelText('Message to scan')).toBeDisabled();
    release(undefined);
    expect(await screen.findByTestId('scan-result')).toBeInTheDocument();
  });

  it('keeps the form as it was and shows the spec toast when the scan fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/scan/text': { status: 500, body: 'broken' } });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'keep me');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(await screen.findByText('Scan failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem scanning your message.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message to scan')).toHaveValue('keep me');
  });

  it('switches to the URL tab with the first link when a message with a link is pasted', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText('Message to scan');
    fireEvent.paste(box, { clipboardData: { getData: () => 'Your parcel: https://parcel-redeliver.example/track?id=9 thanks' } });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://parcel-redeliver.example/track?id=9');
  });

  it('says so when nothing suspicious was found, and offers no report or recommendations', async () => {
    mockApi({
      'POST /api/scan/text': {
        body: textResponse({ threatLevel: 'safe', reasons: [], reasonDetails: [], highlights: [], recommendations: ['x'], content: 'hi' }),
      },
    });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'hi');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    const result = await screen.findByTestId('scan-result');
    expect(within(result).getByRole('heading', { name: 'Content Appears Safe' })).toBeInTheDocument();
    expect(within(result).getByText('No suspicious elements detected.')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(result).queryByText('Recommendations')).not.toBeInTheDocument();
  });

  it('lists what was checked and any notes about the analysis', async () => {
    mockApi({
      'POST /api/scan/text': {
        body: textResponse({
          threatLevel: 'safe',
          reasons: [],
          reasonDetails: [],
          highlights: [],
          checks: ['The link goes to usps.com, the official website of USPS.'],
          notes: ['This message is not in English.'],
          content: 'USPS: track at https://usps.com',
        }),
      },
    });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'USPS');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    const result = await screen.findByTestId('scan-result');
    expect(within(result).getByRole('heading', { name: 'What we checked' })).toBeInTheDocument();
    expect(within(result).getByText('The link goes to usps.com, the official website of USPS.')).toBeInTheDocument();
    expect(within(within(result).getByRole('list', { name: 'Notes about this analysis' })).getByText('This message is not in English.')).toBeInTheDocument();
  });

  it('reports an unsaved result by its content', async () => {
    const { calls } = mockApi({
      'POST /api/scan/text': { body: { ...textResponse(), message: { id: null, content: 'c', sender: 's', source: 'sms' } } },
      'POST /api/reports': { status: 201, body: {} },
    });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'c');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/reports')?.body).toMatchObject({
      kind: 'report',
      content: PHISHING_TEXT,
      sender: 's',
      source: 'sms',
      threatLevel: 'phishing',
    });
  });
});

describe('General scan, URL form', () => {
  it('validates the URL, then sends it with advanced scan and save on', async () => {
    const { calls } = mockApi({
      'POST /api/scan/url': {
        body: {
          ...makeAnalysis({
            content: 'http://192.168.4.20/login',
            highlights: [],
            threatData: {
              domainInfo: {
                reputationScore: 35,
                domain: '192.168.4.20',
                categories: ['phishing'],
                malicious: true,
                suspicious: true,
                sources: ['Baitcheck engine'],
                lastChecked: '2025-01-05T15:04:00.000Z',
              },
            },
          }),
          messageId: 'u1',
        },
      },
    });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    expect(screen.getByRole('switch', { name: 'Save to Scan History' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('URL to scan'), 'my bank');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid URL starting with http:// or https://');
    expect(scanCalls(calls)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('URL to scan'));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'http://192.168.4.20/login');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    const result = await screen.findByTestId('scan-result');
    expect(scanCalls(calls)[0]?.body).toEqual({ url: 'http://192.168.4.20/login', enhancedAnalysis: true, saveToHistory: true, source: 'manual' });

    await userEvent.click(within(result).getByRole('button', { name: 'Threat Intelligence Details' }));
    expect(within(result).getByText('192.168.4.20')).toBeInTheDocument();
    expect(within(result).getByText('35/100 · Bad')).toBeInTheDocument();
  });

  it('says plainly when enhanced threat intelligence did not run', async () => {
    mockApi({ 'POST /api/scan/url': { body: { ...makeAnalysis({ enhanced: false }), messageId: null } } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Threat Intelligence Details' }));
    expect(screen.getByText(/Enhanced threat intelligence did not run for this scan/)).toHaveTextContent(
      'It was turned on, but it is not available right now',
    );
  });

  it('suggests turning the enhanced scan on when it was off', async () => {
    const { calls } = mockApi({ 'POST /api/scan/url': { body: { ...makeAnalysis({ enhanced: false }), messageId: null } } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Enhanced Threat Intelligence' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Threat Intelligence Details' }));
    expect(scanCalls(calls)[0]?.body).toMatchObject({ enhancedAnalysis: false });
    expect(screen.getByText(/Enhanced threat intelligence did not run for this scan/)).toHaveTextContent(
      'Turn on Enhanced Threat Intelligence and scan again',
    );
  });

  it('shows the URL failure toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/scan/url': { status: 503 } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    expect(await screen.findByText('There was a problem scanning the URL.')).toBeInTheDocument();
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://example.com');
  });
});

describe('Social Media tab', () => {
  it('disables the scan for blank text, sends platform, content and source, and shows the result card', async () => {
    const { calls } = mockApi({
      'POST /api/scan/text': { body: textResponse() },
      'POST /api/reports': { status: 201, body: {} },
    });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    const button = screen.getByRole('button', { name: 'Scan Message' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Instagram' }));
    await userEvent.type(screen.getByLabelText('Message'), 'You won a prize');
    await userEvent.click(button);

    const card = await screen.findByTestId('social-result');
    expect(scanCalls(calls)[0]?.body).toEqual({ content: '   You won a prize', sender: 'Instagram message', source: 'social' });
    expect(screen.getByText('Scan Complete')).toBeInTheDocument();
    // The verdict in words, in the toast as in the card's heading; never the stored value.
    expect(screen.getByText('Scan Complete').nextElementSibling).toHaveTextContent(/^Phishing Detected$/);
    expect(within(card).getByRole('heading', { name: 'Phishing Detected' })).toBeInTheDocument();
    expect(screen.queryByText(/Threat level/)).not.toBeInTheDocument();
    // Under the verdict: what was checked, as the General Scan result says it.
    // the sender isolated (<bdi>): a right-to-left override in it cannot reorder the words after it
    const sender = within(card).getByText('+15551234');
    expect(sender.tagName).toBe('BDI');
    expect(sender.parentElement).toHaveTextContent(/^\+15551234 · saved to your history$/);
    expect(within(card).getByRole('heading', { name: 'Warning Indicators' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Reviewed Content' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Report Falsely Detected' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/reports')?.body).toEqual({ kind: 'false_positive', messageId: 'saved-1' }),
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Clear Results' }));
    expect(screen.queryByTestId('social-result')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the spec error toast when the social scan fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/scan/text': { status: 500, body: 'x' } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(await screen.findByText('Failed to scan message. Please try again.')).toBeInTheDocument();
  });
});

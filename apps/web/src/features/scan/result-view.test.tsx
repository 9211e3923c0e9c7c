import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IntelSource, Reason, ScanAnalysis } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeAnalysis } from '@/testing/fixtures';
import { PREVIEW_MAX_CHARS, PREVIEW_MAX_LINES } from '@/components/highlighted-text';
import ScanPage from './scan-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PARCEL = 'USPS: your parcel is on hold. Pay the $1.99 fee at https://usps-redelivery.top/pay within 24 hours';

const PARCEL_REASONS: Reason[] = [
  { id: 'parcel-redelivery-fee', label: 'Claims a parcel is held and asks for a fee', severity: 'high', evidence: [{ start: 22, end: 29, text: 'on hold' }] },
  { id: 'risky-tld', label: 'Link uses a domain ending often used by scam websites', severity: 'medium', evidence: [] },
  { id: 'suspicious-url', label: 'Suspicious URL detected', severity: 'low', evidence: [] },
  { id: 'time-pressure', label: 'Artificial time pressure', severity: 'low', evidence: [{ start: 87, end: 95, text: '24 hours' }] },
];

function parcelAnalysis(overrides: Partial<ScanAnalysis> = {}): ScanAnalysis {
  return makeAnalysis({
    content: PARCEL,
    reasons: PARCEL_REASONS.map((r) => r.label),
    reasonDetails: PARCEL_REASONS,
    highlights: [
      { start: 22, end: 29, text: 'on hold', reasonId: 'parcel-redelivery-fee' },
      { start: 87, end: 95, text: '24 hours', reasonId: 'time-pressure' },
    ],
    recommendations: ['Do not click the link or open it in your browser.', 'Block the sender, report the message as junk, then delete it.'],
    threatData: {
      domainInfo: {
        reputationScore: 12,
        domain: 'usps-redelivery.top',
        categories: ['brand-impersonation', 'risky-tld'],
        malicious: true,
        suspicious: false,
        sources: ['Baitcheck engine'],
        lastChecked: '2025-01-05T15:04:00.000Z',
      },
    },
    ...overrides,
  });
}

async function scanMessage(analysis: ScanAnalysis, { source = 'sms', id = 'saved-1' }: { source?: string; id?: string | null } = {}) {
  const api = mockApi({
    'POST /api/scan/text': { body: { message: { id, content: analysis.content, sender: '+15551234', source }, analysis } },
    'POST /api/reports': { status: 201, body: {} },
  });
  renderWithApp(<ScanPage />);
  await userEvent.type(screen.getByLabelText('Message to scan'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
  return { ...api, result: await screen.findByTestId('scan-result') };
}

async function scanUrl(analysis: ScanAnalysis) {
  mockApi({ 'POST /api/scan/url': { body: { ...analysis, messageId: null } } });
  renderWithApp(<ScanPage />);
  await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
  await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
  return screen.findByTestId('scan-result');
}

const precedes = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('Scan New Content', () => {
  it('puts focus back in the message box', async () => {
    const { result } = await scanMessage(parcelAnalysis());
    await userEvent.click(within(result).getByRole('button', { name: 'Scan New Content' }));
    expect(screen.getByLabelText('Message to scan')).toHaveFocus();
  });

  it('puts focus in the URL box after a link scan, by keyboard alone', async () => {
    const result = await scanUrl(parcelAnalysis({ content: 'https://usps-redelivery.top/pay' }));
    within(result).getByRole('button', { name: 'Scan New Content' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('URL to scan')).toHaveFocus();
    expect(screen.getByLabelText('URL to scan')).toHaveValue('');
  });
});

describe('a safe verdict', () => {
  it('shows no warning, highlight or advice for a message the engine found only weak signs in', async () => {
    const { result } = await scanMessage(
      makeAnalysis({
        threatLevel: 'safe',
        content: 'Hi Mum, running about 20 mins late',
        reasons: ['Artificial time pressure'],
        reasonDetails: [{ id: 'time-pressure', label: 'Artificial time pressure', severity: 'low', evidence: [{ start: 22, end: 29, text: '20 mins' }] }],
        highlights: [{ start: 22, end: 29, text: '20 mins', reasonId: 'time-pressure' }],
        recommendations: ['No clear warning signs. If a message asks for money, codes or passwords, check with the sender another way.'],
        checks: ['No links to check'],
      }),
    );
    expect(within(result).getByRole('heading', { name: 'Content Appears Safe' })).toBeInTheDocument();
    expect(within(result).getByText('Hi Mum, running about 20 mins late')).toBeInTheDocument();
    expect(result.querySelectorAll('mark')).toHaveLength(0);
    expect(within(result).queryByText('Artificial time pressure')).not.toBeInTheDocument();
    expect(within(result).getByText('No suspicious elements detected.')).toBeInTheDocument();
    expect(within(result).queryByTestId('what-to-do')).not.toBeInTheDocument();
    expect(within(result).getByRole('heading', { name: 'What we checked' })).toBeInTheDocument();
  });
});

describe('the order a phone shows', () => {
  it('says what to do now under the verdict, before the message and the reasons', async () => {
    const { result } = await scanMessage(parcelAnalysis());
    const doNow = within(result).getByTestId('what-to-do');
    expect(doNow).toHaveTextContent("Don't tap the link or pay anything. If you already paid, call your bank now.");
    expect(precedes(within(result).getByRole('heading', { name: 'Phishing Detected' }), doNow)).toBe(true);
    expect(precedes(doNow, within(result).getByRole('heading', { name: 'Analyzed message' }))).toBe(true);
    expect(precedes(within(result).getByRole('heading', { name: 'Reasons' }), within(result).getByRole('heading', { name: 'Recommendations' }))).toBe(true);
  });

  it('fits the sentence to the message', async () => {
    const { result } = await scanMessage(
      makeAnalysis({
        content: 'Hi mum, I dropped my phone, this is my new number. Can you send me £400?',
        reasonDetails: [{ id: 'family-emergency', label: "The 'Hi Mum' scam", severity: 'high', evidence: [] }],
        highlights: [],
      }),
    );
    expect(within(result).getByTestId('what-to-do')).toHaveTextContent("Don't send money until you have called them on the number you already have for them.");
  });

  it('lists the serious reasons first and keeps the word-list ones behind More details', async () => {
    const { result } = await scanMessage(parcelAnalysis());
    const reasons = within(result).getByRole('region', { name: 'Reasons' });
    const shown = within(reasons).getAllByRole('listitem').map((li) => li.textContent);
    expect(shown).toEqual(['High risk: Claims a parcel is held and asks for a fee', 'Medium risk: Link uses a domain ending often used by scam websites']);
    expect(within(reasons).queryByText('Artificial time pressure')).not.toBeInTheDocument();
    const more = within(reasons).getByRole('button', { name: /More details/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(reasons).getByText('Artificial time pressure')).toBeInTheDocument();
    expect(within(reasons).getByText('Suspicious URL detected')).toBeInTheDocument();
  });

  it('shows the word-list reasons openly when they are all there is', async () => {
    const low: Reason[] = [
      { id: 'reward-language', label: 'Reward scam patterns detected', severity: 'low', evidence: [] },
      { id: 'urgency-language', label: 'Urgency language detected', severity: 'low', evidence: [] },
    ];
    const { result } = await scanMessage(makeAnalysis({ content: 'You won a prize, act now', reasonDetails: low, reasons: low.map((r) => r.label), highlights: [] }));
    const reasons = within(result).getByRole('region', { name: 'Reasons' });
    expect(within(reasons).getByText('Reward scam patterns detected')).toBeInTheDocument();
    expect(within(reasons).queryByRole('button', { name: /More details/ })).not.toBeInTheDocument();
  });
});

describe('a long message', () => {
  const words = Array.from({ length: 5000 }, (_, i) => (i % 12 === 11 ? 'word.\n' : 'word')).join(' ');
  const content = `URGENT notice. ${words} Click https://evil.example/login now`;
  const link = content.indexOf('https://');
  const analysis = makeAnalysis({
    content,
    reasonDetails: [{ id: 'urgency-language', label: 'Urgency language detected', severity: 'low', evidence: [] }],
    highlights: [
      { start: 0, end: 6, text: 'URGENT', reasonId: 'urgency-language' },
      { start: link, end: link + 26, text: 'https://evil.example/login', reasonId: 'urgency-language' },
    ],
  });

  it('shows its first lines with their highlights, then the whole of it on demand', async () => {
    const { result } = await scanMessage(analysis);
    const section = within(result).getByRole('region', { name: 'Analyzed message' });
    const text = section.querySelector('p')!;
    expect(text.textContent!.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS + 1);
    expect(text.textContent!.split('\n').length).toBeLessThanOrEqual(PREVIEW_MAX_LINES);
    expect([...section.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['URGENT']);
    expect(within(section).getByText('1 more highlighted part further down')).toBeInTheDocument();
    const button = within(section).getByRole('button', { name: 'Show full message' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', text.id);

    await userEvent.click(button);
    expect(text.textContent).toBe(content);
    expect([...section.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['URGENT', 'https://evil.example/login']);
    expect(within(section).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('leaves a short message whole, with no button', async () => {
    const { result } = await scanMessage(parcelAnalysis());
    const section = within(result).getByRole('region', { name: 'Analyzed message' });
    expect(section.querySelector('p')!.textContent).toBe(PARCEL);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Threat Intelligence Details', () => {
  const SOURCES: IntelSource[] = [
    { name: 'Threat feeds', status: 'answered', ms: 3 },
    { name: 'Domain age (RDAP)', status: 'failed', detail: 'Not asked: it could not be reached on a recent scan; asked again in 4 s.' },
    { name: 'DNS', status: 'timed-out', detail: 'No answer within 1.5 s.', ms: 1500 },
    { name: 'Google Safe Browsing', status: 'not-configured', detail: 'no API key configured (SAFE_BROWSING_API_KEY)' },
    { name: 'VirusTotal', status: 'limited', detail: 'Not asked: this server has used its allowance of VirusTotal lookups for today; asked again in 5 hours.' },
  ];

  it('speaks plainly: statuses in words, no setting names or server details, one finding per domain', async () => {
    const result = await scanUrl(parcelAnalysis({ content: 'https://usps-redelivery.top/pay', intelSources: SOURCES }));
    await userEvent.click(within(result).getByRole('button', { name: 'Threat Intelligence Details' }));
    const items = within(screen.getByRole('region', { name: 'Sources checked' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Lists of known scam websitesChecked',
      'Domain ageNot checked this timeIt could not be reached.',
      'Domain recordsNot checked this timeIt took too long to answer.',
      'Google Safe BrowsingNot available on this server',
      'VirusTotalNot checked this timeThis server has made all the checks it may for now.',
    ]);
    const panel = result.textContent!;
    for (const raw of ['SAFE_BROWSING_API_KEY', 'API key', 'asked again', 'RDAP', 'allowance', 'Known malicious', 'Flagged suspicious', 'Baitcheck engine', 'brand-impersonation']) {
      expect(panel).not.toContain(raw);
    }
    const domain = screen.getByRole('region', { name: 'Domain information' });
    // Found on no list, only by Baitcheck's own checks: not 'known'.
    expect(within(domain).getByText('Looks dangerous by our own checks')).toBeInTheDocument();
    expect(within(domain).getByText("Baitcheck's own checks")).toBeInTheDocument();
    expect(within(domain).getByText('Pretends to be a brand, ending often used by scams')).toBeInTheDocument();
  });

  it("says 'known' only when a list or outside service named the website", async () => {
    const domainInfo = parcelAnalysis().threatData!.domainInfo!;
    const result = await scanUrl(
      parcelAnalysis({
        content: 'https://usps-redelivery.top/pay',
        threatData: { domainInfo: { ...domainInfo, sources: ['Baitcheck engine', 'Threat feed: URLhaus'] } },
      }),
    );
    await userEvent.click(within(result).getByRole('button', { name: 'Threat Intelligence Details' }));
    const domain = within(result).getByRole('region', { name: 'Domain information' });
    expect(within(domain).getByText('Known to be dangerous')).toBeInTheDocument();
    expect(within(domain).getByText("Baitcheck's own checks, Threat feed: URLhaus")).toBeInTheDocument();
  });

  it('says a clean domain has no warning signs, without a suspicious flag beside it', async () => {
    const result = await scanUrl(
      makeAnalysis({
        threatLevel: 'safe',
        content: 'https://www.bbc.co.uk/news',
        reasonDetails: [],
        reasons: [],
        highlights: [],
        threatData: {
          domainInfo: { reputationScore: 80, domain: 'bbc.co.uk', categories: ['well-known'], malicious: false, suspicious: false, sources: ['Baitcheck engine'], lastChecked: '' },
        },
      }),
    );
    await userEvent.click(within(result).getByRole('button', { name: 'Threat Intelligence Details' }));
    const domain = screen.getByRole('region', { name: 'Domain information' });
    expect(within(domain).getByText('No warning signs found')).toBeInTheDocument();
    expect(within(domain).getByText('80/100 · Good')).toBeInTheDocument();
    expect(within(domain).queryByText('Yes')).not.toBeInTheDocument();
    expect(within(domain).queryByText('No')).not.toBeInTheDocument();
  });
});

describe('Report', () => {
  it('thanks the person, says Baitcheck keeps it, and where else to report a text', async () => {
    const { result } = await scanMessage(parcelAnalysis());
    await userEvent.click(within(result).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    expect(screen.getAllByText(/Thank you for reporting this message: Baitcheck keeps it to improve its detection\. .*forward the text to 7726/).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(result).getByTestId('report-elsewhere')).toHaveTextContent('forward the text to 7726 (free in the UK, US and Canada)'));
    expect(screen.queryByText('Messages from the sender will be blocked.')).not.toBeInTheDocument();
  });

  it('keeps the keyboard focus on the button, which then says Reported and reports no twice', async () => {
    const { result, calls } = await scanMessage(parcelAnalysis());
    within(result).getByRole('button', { name: 'Report' }).focus();
    await userEvent.keyboard('{Enter}');
    const reported = await within(result).findByRole('button', { name: 'Reported' });
    // A disabled button would drop the focus to the page: this one stays focusable.
    expect(reported).toHaveFocus();
    expect(reported).toBeEnabled();
    expect(reported).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(calls.filter((c) => c.path === '/api/reports')).toHaveLength(1);
  });

  it('gives the email reporting addresses for an email', async () => {
    const { result } = await scanMessage(parcelAnalysis(), { source: 'email', id: null });
    await userEvent.click(within(result).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(within(result).getByTestId('report-elsewhere')).toHaveTextContent('forward the email to report@phishing.gov.uk (UK) or reportphishing@apwg.org (US)'),
    );
  });

  it("thanks the person for flagging a wrong result on the Social Media tab", async () => {
    mockApi({
      'POST /api/scan/text': { body: { message: { id: 's1', content: 'hi', sender: 'Facebook message', source: 'social' }, analysis: parcelAnalysis() } },
      'POST /api/reports': { status: 201, body: {} },
    });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'hi');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Report Falsely Detected' }));
    expect(await screen.findByText('Thanks for flagging this result')).toBeInTheDocument();
    // The button keeps the focus and says what happened.
    const flagged = screen.getByRole('button', { name: 'Reported as wrong' });
    expect(flagged).toHaveFocus();
    expect(flagged).toBeEnabled();
    expect(flagged).toHaveAttribute('aria-disabled', 'true');
    // (getAll: a screen reader's copy of the toast may still be there)
    expect(screen.getAllByText(/We'll review this result/).length).toBeGreaterThan(0);
    expect(screen.queryByText('Message reported')).not.toBeInTheDocument();
  });
});

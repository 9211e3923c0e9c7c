import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { makeAnalysis, PHISHING_TEXT } from '@/testing/fixtures';
import ScanPage from './scan-page';
import { looksLikeEmailSource, toScanUrl } from './extract-link';
import { KEEP_CLEAR_SELECTOR } from '@/components/ui/message-dock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DELIVERY_TEXT = 'USPS: your parcel is on hold, pay the $1.99 redelivery fee at https://usps-redelivery.top/pay?id=7 within 24 hours.';

function textResponse(overrides = {}) {
  return {
    message: { id: 'saved-1', content: PHISHING_TEXT, sender: '', source: 'manual' },
    analysis: makeAnalysis(overrides),
  };
}

function paste(box: HTMLElement, text: string): boolean {
  return fireEvent.paste(box, { clipboardData: { getData: () => text } });
}

const keyOf = (call: RecordedCall | undefined) => (call?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
const scanCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/scan/'));

/** A fetch that fails as fetch does with no connection, then answers `then` for every later call. */
function offlineOnce(then: (call: { path: string; init: RequestInit }) => Response) {
  const calls: { path: string; init: RequestInit; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { path: new URL(String(input), 'http://localhost').pathname, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (!call.path.startsWith('/api/scan/')) return new Response('[]', { status: 200 });
      if (calls.filter((c) => c.path.startsWith('/api/scan/')).length === 1) throw new TypeError('Failed to fetch');
      return then(call);
    }),
  );
  return calls;
}

describe('pasting a message that contains a link', () => {
  it('keeps the whole message in its box, says a link was found, and scans the whole message on request', async () => {
    const { calls } = mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    renderWithApp(<ScanPage />);
    paste(screen.getByLabelText('Message to scan'), DELIVERY_TEXT);

    // the spec's switch to the URL tab with the link
    await waitFor(() => expect(screen.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://usps-redelivery.top/pay?id=7');
    const notice = screen.getByRole('region', { name: 'We found a link in your message' });
    expect(screen.getByRole('heading', { name: 'We found a link in your message' })).toHaveFocus();

    // the message was not thrown away
    await userEvent.click(screen.getByRole('tab', { name: 'Message' }));
    expect(screen.getByLabelText('Message to scan')).toHaveValue(DELIVERY_TEXT);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));

    await userEvent.click(within(screen.getByRole('region', { name: 'We found a link in your message' })).getByRole('button', { name: 'Scan the whole message instead' }));
    await screen.findByTestId('scan-result');
    expect(scanCalls(calls)).toHaveLength(1);
    expect(scanCalls(calls)[0]).toMatchObject({ path: '/api/scan/text', body: { content: DELIVERY_TEXT, source: 'manual', saveToHistory: true } });
    expect(notice).not.toBeInTheDocument();
  });

  it('puts the pasted text where the cursor is, around what was typed', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText<HTMLTextAreaElement>('Message to scan');
    await userEvent.type(box, 'From Mum: ');
    box.setSelectionRange(10, 10);
    paste(box, 'see https://example.com/x');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true'));
    await userEvent.click(screen.getByRole('tab', { name: 'Message' }));
    expect(screen.getByLabelText('Message to scan')).toHaveValue('From Mum: see https://example.com/x');
  });

  it('does not move away again once the person went back to their message', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    paste(screen.getByLabelText('Message to scan'), DELIVERY_TEXT);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true'));
    await userEvent.click(screen.getByRole('tab', { name: 'Message' }));
    // the browser pastes it as usual (not prevented) and the tab stays
    expect(paste(screen.getByLabelText('Message to scan'), 'and https://other.example/')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
  });

  it('never splits a pasted email source: it stays in the message box to be read whole', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    const source = [
      'Received: from mail.example.net by mx.example.com',
      'From: "PayPal" <service@paypa1-secure.com>',
      'To: you@example.com',
      'Subject: Your account is limited',
      'Date: Mon, 23 Nov 2026 09:00:00 +0000',
      '',
      'Restore access at https://paypa1-secure.com/login today.',
    ].join('\n');
    expect(paste(screen.getByLabelText('Message to scan'), source)).toBe(true);
    expect(screen.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('We found a link in your message')).not.toBeInTheDocument();
  });
});

describe('looksLikeEmailSource', () => {
  it('knows an email header block from a text that only starts like one', () => {
    expect(looksLikeEmailSource('From: a@b.com\nTo: c@d.com\nSubject: Hi\n\nBody https://x.example')).toBe(true);
    expect(looksLikeEmailSource('From a@b.com Mon Jan  1 00:00:00 2024\nFrom: a@b.com\nDate: x\nX-Y: z\n\nBody')).toBe(true);
    expect(looksLikeEmailSource('From: Bank\nYour card is blocked, call https://x.example')).toBe(false);
    expect(looksLikeEmailSource('Subject: hi\nTo: me\nX-A: b\n\nno From')).toBe(false);
    expect(looksLikeEmailSource(DELIVERY_TEXT)).toBe(false);
  });
});

describe('a scan submitted twice', () => {
  it('sends one message scan for a double click, with an Idempotency-Key, and a new key for the next scan', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    const answered = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      await held;
      return answered(input, init);
    });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Pay the fee now');
    const button = screen.getByRole('button', { name: 'Scan Message' });
    // two clicks before React has drawn the busy state: the second is the double click
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    release();
    const result = await screen.findByTestId('scan-result');
    expect(scanCalls(calls)).toHaveLength(1);
    const first = keyOf(scanCalls(calls)[0]);
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    await userEvent.click(within(result).getByRole('button', { name: 'Scan New Content' }));
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Pay the fee now');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByTestId('scan-result');
    expect(scanCalls(calls)).toHaveLength(2);
    expect(keyOf(scanCalls(calls)[1])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(scanCalls(calls)[1])).not.toBe(first);
  });

  it('sends one URL scan for Enter pressed twice', async () => {
    const { calls } = mockApi({ 'POST /api/scan/url': { body: { ...makeAnalysis({ content: 'https://example.com' }), messageId: 'u1' } } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    const form = screen.getByLabelText('URL to scan').closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await screen.findByTestId('scan-result');
    expect(scanCalls(calls)).toHaveLength(1);
    expect(keyOf(scanCalls(calls)[0])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends one social scan for a double click', async () => {
    const { calls } = mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'You won a prize');
    const button = screen.getByRole('button', { name: 'Scan Message' });
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await screen.findByTestId('social-result');
    expect(scanCalls(calls)).toHaveLength(1);
    expect(keyOf(scanCalls(calls)[0])).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("every scan form's submit button", () => {
  it('is one the toasts and the alert pop-up keep clear of (message-dock.ts)', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    const tabs: Array<[string | RegExp, string]> = [
      [/Message/, 'Scan Message'],
      ['URL', 'Scan URL'],
      ['Social Media', 'Scan Message'],
    ];
    for (const [tab, submit] of tabs) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      const button = screen.getByRole('button', { name: submit });
      expect(button.matches(KEEP_CLEAR_SELECTOR), `${submit} on ${String(tab)}`).toBe(true);
    }
  });
});

describe('a scan that cannot reach Baitcheck', () => {
  it('says so with Retry, keeps what was typed, and Retry sends the same request with the same key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = offlineOnce(() => new Response(JSON.stringify(textResponse()), { status: 200 }));
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Is this real?');
    await userEvent.type(screen.getByLabelText(/Sender/), 'Bank');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach Baitcheck — check your connection");
    expect(screen.queryByText('There was a problem scanning your message.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message to scan')).toHaveValue('Is this real?');
    expect(screen.getByLabelText(/Sender/)).toHaveValue('Bank');

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('scan-result');
    const scans = calls.filter((c) => c.path === '/api/scan/text');
    expect(scans).toHaveLength(2);
    expect(scans[1]!.body).toEqual(scans[0]!.body);
    expect(keyOf(scans[1] as RecordedCall)).toBe(keyOf(scans[0] as RecordedCall));
  });

  it('sends a new key when the message was changed before trying again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = offlineOnce(() => new Response(JSON.stringify(textResponse()), { status: 200 }));
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Is this real?');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Message to scan'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByTestId('scan-result');
    const scans = calls.filter((c) => c.path === '/api/scan/text');
    expect(keyOf(scans[1] as RecordedCall)).not.toBe(keyOf(scans[0] as RecordedCall));
  });

  it('says so on the URL form and the Social Media tab too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    offlineOnce(() => new Response(JSON.stringify({ ...makeAnalysis(), messageId: null }), { status: 200 }));
    const { unmount } = renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Baitcheck — check your connection");
    expect(screen.queryByText('There was a problem scanning the URL.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://example.com');
    unmount();

    offlineOnce(() => new Response(JSON.stringify(textResponse()), { status: 200 }));
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach Baitcheck — check your connection");
    expect(screen.queryByText('Failed to scan message. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('hello');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('social-result')).toBeInTheDocument();
  });

  it('is sent, and says so at once, while the browser knows it is offline (not held back until it is online)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = offlineOnce(() => new Response(JSON.stringify(textResponse()), { status: 200 }));
    onlineManager.setOnline(false);
    try {
      renderWithApp(<ScanPage />);
      await userEvent.type(screen.getByLabelText('Message to scan'), 'Is this real?');
      await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
      expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Baitcheck — check your connection");
      expect(calls.filter((c) => c.path === '/api/scan/text')).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Scan Message' })).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("keeps the spec's toast for an error the server answered", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/scan/text': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } });
    renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    expect(await screen.findByText('There was a problem scanning your message.')).toBeInTheDocument();
    expect(screen.queryByText("Can't reach Baitcheck — check your connection")).not.toBeInTheDocument();
  });
});

describe('the Social Media result', () => {
  it('is brought into view and focused, with the recommendations of a non-safe result', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    mockApi({ 'POST /api/scan/text': { body: textResponse() } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'You won a prize');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    const card = await screen.findByTestId('social-result');
    expect(scrolled).toContain(card);
    expect(within(card).getByRole('heading', { name: 'Phishing Detected' })).toHaveFocus();
    expect(within(card).getByRole('heading', { name: 'Recommendations' })).toBeInTheDocument();
    expect(within(card).getByText('Do not click the link.')).toBeInTheDocument();
  });

  it('gives a safe result no recommendations', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    mockApi({ 'POST /api/scan/text': { body: textResponse({ threatLevel: 'safe', reasons: [], reasonDetails: [], highlights: [], recommendations: ['x'] }) } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.type(screen.getByLabelText('Message'), 'See you at 6');
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    const card = await screen.findByTestId('social-result');
    expect(within(card).queryByRole('heading', { name: 'Recommendations' })).not.toBeInTheDocument();
  });
});

describe('a link written without http(s)', () => {
  it('is scanned with https:// added, shown in the box', async () => {
    const { calls } = mockApi({ 'POST /api/scan/url': { body: { ...makeAnalysis({ content: 'https://amaz0n-refunds.top' }), messageId: 'u1' } } });
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), ' amaz0n-refunds.top ');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    await screen.findByTestId('scan-result');
    expect(scanCalls(calls)[0]?.body).toMatchObject({ url: 'https://amaz0n-refunds.top' });
  });

  it('shows the address it will scan when the scan cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    offlineOnce(() => new Response('{}', { status: 200 }));
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'www.paypal-verify.com/login');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('URL to scan')).toHaveValue('https://www.paypal-verify.com/login');
  });

  it("keeps the spec's message for what is not an address at all", async () => {
    const { calls } = mockApi({});
    renderWithApp(<ScanPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await userEvent.type(screen.getByLabelText('URL to scan'), 'my bank');
    await userEvent.click(screen.getByRole('button', { name: 'Scan URL' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid URL starting with http:// or https://');
    expect(scanCalls(calls)).toHaveLength(0);
  });

  it.each([
    ['amaz0n-refunds.top', 'https://amaz0n-refunds.top'],
    ['www.example.co.uk/a?b=1#c', 'https://www.example.co.uk/a?b=1#c'],
    ['bücher.de', 'https://bücher.de'],
    ['shop.example.com:8443/x', 'https://shop.example.com:8443/x'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['my bank', null],
    ['paypal', null],
    ['bob@example.com', null],
    ['192.168.0.1', null],
    ['javascript:alert(1)', null],
    ['example.c0m', null],
  ])('toScanUrl(%j) is %j', (input, expected) => {
    expect(toScanUrl(input)).toBe(expected);
  });
});

describe('the email file picker', () => {
  it("shows the opened file's name", async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    const picker = screen.getByLabelText('Or open an email file (.eml)');
    expect(picker).toHaveAccessibleDescription('No file chosen');
    await userEvent.upload(picker, new File(['From: a@b.com\nSubject: Hi\nTo: c@d.com\n\nHello'], 'invoice.eml', { type: 'message/rfc822' }));
    await waitFor(() => expect(screen.getByTestId('eml-file-name')).toHaveTextContent('Opened: invoice.eml'));
    expect(picker).toHaveAccessibleDescription('Opened: invoice.eml');
    await userEvent.clear(screen.getByLabelText('Message to scan'));
    expect(screen.getByTestId('eml-file-name')).toHaveTextContent('No file chosen');
  });
});

describe('keyboard path', () => {
  it('goes from the tab lists straight into the form, with no stop on the tab panels', async () => {
    mockApi({});
    renderWithApp(<ScanPage />);
    screen.getByRole('tab', { name: 'General Scan' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Message' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Message to scan')).toHaveFocus();
    for (const panel of screen.getAllByRole('tabpanel')) expect(panel).toHaveAttribute('tabindex', '-1');

    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Facebook' })).toHaveFocus();
  });
});

import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import ScanPage from '../scan-page';
import type { OcrProgress } from './ocr-text';
import type { ReadOptions, ScreenshotReading } from './read-screenshot';
import { ScreenshotReadError } from './screenshot-file';
import { EMPTY_REVIEW, REVIEW_DESCRIPTION, REVIEW_QR_DESCRIPTION, ScreenshotScan, TEXT_ADDED } from './screenshot-scan';

// the reader (jsQR, tesseract.js) at its boundary: each reading is driven by the test
const reader = vi.hoisted(() => {
  const readings: Array<{ file: File; options: ReadOptions; resolve: (reading: ScreenshotReading) => void; reject: (error: unknown) => void }> = [];
  const readScreenshot = vi.fn(
    (file: File, options: ReadOptions) =>
      new Promise<ScreenshotReading>((resolve, reject) => {
        readings.push({ file, options, resolve, reject });
      }),
  );
  return { readings, readScreenshot };
});
vi.mock('./read-screenshot', () => ({ readScreenshot: reader.readScreenshot }));

const PICTURE = () => new File(['png'], 'shot.png', { type: 'image/png' });
const READ_TEXT = 'USPS: Your package is on hold.\nPay now: https://usps-redelivery-fee.com/pay';

beforeEach(() => {
  reader.readings.length = 0;
  reader.readScreenshot.mockClear();
  mockApi({ 'GET /api/scan-usage': { body: { plan: 'premium', limit: null, used: 0, remaining: null, resetsAt: null, timeZone: 'UTC' } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function choose(file: File) {
  fireEvent.change(screen.getByTestId('screenshot-file'), { target: { files: [file] } });
}

async function reading() {
  await waitFor(() => expect(reader.readings).toHaveLength(1));
  return reader.readings[0]!;
}

function progress(at: OcrProgress) {
  act(() => reader.readings[0]!.options.onProgress(at));
}

async function finish(result: ScreenshotReading | Error) {
  const current = reader.readings.at(-1)!;
  await act(async () => (result instanceof Error ? current.reject(result) : current.resolve(result)));
}

// each test renders the whole Scan screen and types: slow on a busy machine
describe('Scan a screenshot on the Message form', { timeout: 20_000 }, () => {
  it('shows progress with Cancel, then the text to check and correct, which goes into the message box', async () => {
    renderWithApp(<ScanPage />);
    const button = screen.getByRole('button', { name: 'Scan a screenshot' });
    expect(screen.getByTestId('screenshot-file')).toHaveAttribute('accept', 'image/*');
    button.focus();
    const picture = PICTURE();
    choose(picture);
    expect(await screen.findByText('Looking at your picture…')).toBeInTheDocument();
    expect((await reading()).file).toBe(picture);

    progress({ stage: 'preparing', done: 0.2 });
    const dialog = await screen.findByRole('dialog', { name: 'Reading your picture' });
    expect(within(dialog).getByText('Getting the text reader ready…')).toBeInTheDocument();
    progress({ stage: 'reading', done: 0.7 });
    expect(within(dialog).getByRole('progressbar', { name: 'Reading your picture' })).toHaveAttribute('aria-valuenow', '70');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Reading the text…');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await finish({ kind: 'text', text: READ_TEXT });
    const review = await screen.findByRole('dialog', { name: 'Check the text' });
    expect(review).toHaveAccessibleDescription(REVIEW_DESCRIPTION);
    const text = within(review).getByLabelText('Text from your picture');
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveValue(READ_TEXT);
    expect(text).toHaveAccessibleDescription(REVIEW_DESCRIPTION);

    // the person corrects what was misread
    await userEvent.clear(text);
    await userEvent.type(text, 'Pay now');
    await userEvent.click(within(review).getByRole('button', { name: 'Use this text' }));

    const box = screen.getByLabelText('Message to scan');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toHaveValue('Pay now');
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByText(TEXT_ADDED)).toBeInTheDocument();
    // nothing was scanned: that stays the person's to do
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('/api/scan/text'));
  });

  it('keeps what the message box holds: the text is added after it, or replaces it only when asked', async () => {
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText('Message to scan');
    await userEvent.type(box, 'Is this real?');

    choose(PICTURE());
    await reading();
    await finish({ kind: 'text', text: READ_TEXT });
    let review = await screen.findByRole('dialog', { name: 'Check the text' });
    expect(within(review).getByText(/Your message box already has text\./)).toBeInTheDocument();
    expect(within(review).queryByRole('button', { name: 'Use this text' })).not.toBeInTheDocument();
    await userEvent.click(within(review).getByRole('button', { name: 'Add to my message' }));
    expect(box).toHaveValue(`Is this real?\n\n${READ_TEXT}`);

    reader.readings.length = 0;
    choose(PICTURE());
    await reading();
    await finish({ kind: 'text', text: 'Second picture' });
    review = await screen.findByRole('dialog', { name: 'Check the text' });
    await userEvent.click(within(review).getByRole('button', { name: 'Replace my message' }));
    expect(box).toHaveValue('Second picture');
  });

  it('does not put an emptied text in the box, and Cancel leaves the box as it was', async () => {
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText('Message to scan');
    await userEvent.type(box, 'Mine');
    choose(PICTURE());
    await reading();
    await finish({ kind: 'text', text: READ_TEXT });
    const review = await screen.findByRole('dialog', { name: 'Check the text' });
    await userEvent.clear(within(review).getByLabelText('Text from your picture'));
    await userEvent.click(within(review).getByRole('button', { name: 'Replace my message' }));
    expect(within(review).getByRole('alert')).toHaveTextContent(EMPTY_REVIEW);
    expect(box).toHaveValue('Mine');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toHaveValue('Mine');
  });

  it('cancels a reading: the reader is stopped, focus returns to the button, nothing changes', async () => {
    renderWithApp(<ScanPage />);
    const button = screen.getByRole('button', { name: 'Scan a screenshot' });
    button.focus();
    choose(PICTURE());
    const current = await reading();
    progress({ stage: 'preparing', done: 0 });
    const dialog = await screen.findByRole('dialog', { name: 'Reading your picture' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(current.options.signal.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    // the reader's late answer changes nothing
    await finish({ kind: 'text', text: READ_TEXT });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
  });

  it.each([
    ['no-text', "We couldn't find any text in this picture. Type or paste the message instead."],
    ['too-large', 'This picture is too large to read (over 15 MB). Take a screenshot of just the message, or crop the picture, and try again.'],
    ['unreadable', /^This picture could not be opened\./],
    ['reader-unavailable', /^The text reader could not be loaded\./],
    ['ocr-failed', /^Something went wrong while reading this picture\./],
  ] as const)('says what went wrong (%s), keeping the message', async (problem, sentence) => {
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText('Message to scan');
    await userEvent.type(box, 'Mine');
    choose(PICTURE());
    await reading();
    progress({ stage: 'reading', done: 0.5 });
    await finish(new ScreenshotReadError(problem));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).toHaveValue('Mine');
  });

  it('says a file is not a picture without loading the reader', async () => {
    renderWithApp(<ScanPage />);
    choose(new File(['From: a'], 'mail.eml', { type: 'message/rfc822' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a picture. Choose a screenshot or a photo (PNG, JPEG, WebP or GIF).');
    expect(reader.readScreenshot).not.toHaveBeenCalled();
  });

  it("moves a QR code's link to the URL form, with the focus on it", async () => {
    renderWithApp(<ScanPage />);
    screen.getByRole('button', { name: 'Scan a screenshot' }).focus();
    choose(PICTURE());
    await reading();
    await finish({ kind: 'qr-link', link: 'http://paypa1-secure-login.com/verify-account' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true'));
    const url = screen.getByLabelText('URL to scan');
    expect(url).toHaveValue('http://paypa1-secure-login.com/verify-account');
    expect(url).toHaveFocus();
    expect(await screen.findByText('Its link is ready to check on the URL tab.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers a QR code's text to check like read text", async () => {
    renderWithApp(<ScanPage />);
    choose(PICTURE());
    await reading();
    await finish({ kind: 'qr-text', text: 'Pay the fee today' });
    const review = await screen.findByRole('dialog', { name: 'Check the text' });
    expect(review).toHaveAccessibleDescription(REVIEW_QR_DESCRIPTION);
    expect(within(review).getByLabelText('Text from your picture')).toHaveValue('Pay the fee today');
  });

  it('reads a picture pasted or dropped on the message box, but leaves pasted text to the box', async () => {
    renderWithApp(<ScanPage />);
    const box = screen.getByLabelText('Message to scan');
    const picture = PICTURE();

    expect(fireEvent.paste(box, { clipboardData: { getData: () => 'Some text', files: [picture] } })).toBe(true);
    expect(reader.readScreenshot).not.toHaveBeenCalled();

    expect(fireEvent.paste(box, { clipboardData: { getData: () => '', files: [picture] } })).toBe(false);
    expect((await reading()).file).toBe(picture);
    await finish(new ScreenshotReadError('no-text'));

    reader.readings.length = 0;
    const dropped = PICTURE();
    expect(fireEvent.dragOver(box, { dataTransfer: { types: ['Files'], files: [dropped], dropEffect: 'none' } })).toBe(false);
    expect(fireEvent.drop(box, { dataTransfer: { types: ['Files'], files: [dropped], getData: () => '' } })).toBe(false);
    expect((await reading()).file).toBe(dropped);
    await finish({ kind: 'text', text: READ_TEXT });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use this text' }));
    // back in the box the picture was dropped on
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue(READ_TEXT);
  });
});

describe('ScreenshotScan without a URL form', () => {
  function Harness() {
    const [message, setMessage] = useState('');
    return (
      <>
        <label htmlFor="box">Message</label>
        <textarea id="box" value={message} onChange={(e) => setMessage(e.target.value)} />
        <ScreenshotScan boxId="box" message={message} onMessage={setMessage} />
      </>
    );
  }

  it("offers a QR code's link for the message box", async () => {
    renderWithApp(<Harness />);
    choose(PICTURE());
    await reading();
    await finish({ kind: 'qr-link', link: 'https://parking-pay.top/lot7' });
    const review = await screen.findByRole('dialog', { name: 'Check the text' });
    expect(review).toHaveAccessibleDescription(REVIEW_QR_DESCRIPTION);
    // opened straight at the text (no reading step): the focus is in it, not on Close
    await waitFor(() => expect(within(review).getByLabelText('Text from your picture')).toHaveFocus());
    // Tab goes through the buttons in the order they are seen: Cancel, then the action
    expect(within(review).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Close', 'Cancel', 'Use this text']);
    await userEvent.click(within(review).getByRole('button', { name: 'Use this text' }));
    expect(screen.getByLabelText('Message')).toHaveValue('https://parking-pay.top/lot7');
  });

  it('reads a picture shared to the app (?image=1) once, from where the share left it', async () => {
    const kept = new Map([['/shared-image', new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png', 'x-file-name': 'shared.png' } })]]);
    vi.stubGlobal('caches', { open: async () => ({ match: async (key: string) => kept.get(key), delete: async (key: string) => kept.delete(key) }) });
    renderWithApp(<ScanPage />, { path: '/scan?image=1' });
    const { file } = await reading();
    expect([file.name, file.type, file.size]).toEqual(['shared.png', 'image/png', 3]);
    expect(kept.size).toBe(0);
    await finish({ kind: 'text', text: READ_TEXT });
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(REVIEW_DESCRIPTION);
  });

  it.each([
    ['could not be received', '/scan?image=failed', /What you shared could not be received/],
    ['was too large to keep', '/scan?image=too-big', /This picture is too large to read/],
  ])('says so, with the focus on it, when a share %s', async (_, path, said) => {
    renderWithApp(<ScanPage />, { path });
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(said);
    // the screen opened with the focus on nothing: it goes to what went wrong, which is read out
    await waitFor(() => expect(problem).toHaveFocus());
    expect(reader.readScreenshot).not.toHaveBeenCalled();
  });

  it('says a share was not received when its picture is gone (another tab took it), and what a shared file that is not a picture is', async () => {
    const kept = new Map<string, Response>();
    vi.stubGlobal('caches', { open: async () => ({ match: async (key: string) => kept.get(key), delete: async (key: string) => kept.delete(key) }) });
    const first = renderWithApp(<ScanPage />, { path: '/scan?image=1' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(/What you shared could not be received/);
    first.unmount();

    kept.set('/shared-image', new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'x-file-name': 'bill.pdf' } }));
    renderWithApp(<ScanPage />, { path: '/scan?image=1' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(/This file is not a picture/);
    // told at once, without loading the reader
    expect(reader.readScreenshot).not.toHaveBeenCalled();
  });

  it('goes back to Scan a screenshot when the check of a shared picture is closed with Escape', async () => {
    const kept = new Map([['/shared-image', new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png', 'x-file-name': 'shared.png' } })]]);
    vi.stubGlobal('caches', { open: async () => ({ match: async (key: string) => kept.get(key), delete: async (key: string) => kept.delete(key) }) });
    renderWithApp(<ScanPage />, { path: '/scan?image=1' });
    await reading();
    await finish({ kind: 'text', text: READ_TEXT });
    await waitFor(() => expect(screen.getByLabelText('Text from your picture')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Scan a screenshot' })).toHaveFocus();
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
  });
});

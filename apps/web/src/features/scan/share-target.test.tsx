import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_CONTENT_LENGTH } from '@baitcheck/contracts/lite';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeScanUsage } from '@/testing/fixtures';
import ScanPage from './scan-page';
import { readSharedContent, withoutShareParams } from './share-target';

const SMS = 'Your parcel is held at the depot. Pay the £1.99 fee to release it';
const LINK = 'https://dhl-redelivery.info/pay';
const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('a share to Baitcheck (share_target GET /scan)', () => {
  it('joins the text and the link, one line each, and the title only when it adds something', () => {
    expect(readSharedContent(query({ text: SMS, url: LINK }))).toEqual({ content: `${SMS}\n${LINK}`, url: null, cut: false });
    // many apps put the link in the text already
    expect(readSharedContent(query({ text: `${SMS} ${LINK}`, url: LINK }))!.content).toBe(`${SMS} ${LINK}`);
    // a page shared from a browser: its title says what it claims to be
    expect(readSharedContent(query({ title: 'PayPal: Log in to your account', url: LINK }))!.content).toBe(`PayPal: Log in to your account\n${LINK}`);
    // a title that is the text's start, the link itself, or the link's host adds nothing
    expect(readSharedContent(query({ title: 'Your parcel', text: SMS }))!.content).toBe(SMS);
    expect(readSharedContent(query({ title: LINK, url: LINK }))!.content).toBe(LINK);
    expect(readSharedContent(query({ title: 'dhl-redelivery.info', text: SMS, url: LINK }))!.content).toBe(`${SMS}\n${LINK}`);
    expect(readSharedContent(query({ title: ' Message from Mum ', text: SMS }))!.content).toBe(`Message from Mum\n${SMS}`);
  });

  it('is nothing without a text, a link or a title, and a link alone is also put in the URL form', () => {
    expect(readSharedContent('')).toBeNull();
    expect(readSharedContent(query({ text: '  ', url: '' }))).toBeNull();
    expect(readSharedContent('?tab=social')).toBeNull();
    expect(readSharedContent(query({ url: LINK }))).toEqual({ content: LINK, url: LINK, cut: false });
    expect(readSharedContent(query({ text: ` ${LINK} ` }))).toEqual({ content: LINK, url: LINK, cut: false });
    expect(readSharedContent(query({ text: 'ftp://files.example/x' }))!.url).toBeNull();
  });

  it('keeps at most the characters one scan takes, and says it was cut (never inside an emoji)', () => {
    const long = 'a'.repeat(MAX_CONTENT_LENGTH - 1) + '😀' + 'tail';
    const shared = readSharedContent(query({ text: long }))!;
    expect(shared.cut).toBe(true);
    expect(shared.content).toBe('a'.repeat(MAX_CONTENT_LENGTH - 1));
    const exact = readSharedContent(query({ text: 'b'.repeat(MAX_CONTENT_LENGTH) }))!;
    expect(exact).toMatchObject({ cut: false });
    expect(exact.content).toHaveLength(MAX_CONTENT_LENGTH);
  });

  it('takes only its own parameters out of the address', () => {
    expect(withoutShareParams(query({ text: SMS, url: LINK, title: 'x' }))).toBe('');
    expect(withoutShareParams(`${query({ text: SMS })}&tab=social`)).toBe('tab=social');
    expect(withoutShareParams('?tab=social')).toBeNull();
    // a shared picture's flag leaves the address too (screenshot/shared-image.ts has read it)
    expect(withoutShareParams('?image=1')).toBe('');
    expect(withoutShareParams('?image=failed&tab=social')).toBe('tab=social');
  });
});

describe('the Scan screen opened by a share', () => {
  it('shows the shared text in the Message form, does not scan it, and takes the share out of the address', async () => {
    const { calls } = mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    const { location } = renderWithApp(<ScanPage />, { path: `/scan${query({ title: 'Royal Mail', text: SMS, url: LINK })}` });
    expect(screen.getByRole('tab', { name: /Message/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Message to scan')).toHaveValue(`Royal Mail\n${SMS}\n${LINK}`);
    expect(screen.getByLabelText(/Sender/)).toHaveValue('');
    // the screen opened with the focus on nothing: it is in the box, after the text
    const box = screen.getByLabelText<HTMLTextAreaElement>('Message to scan');
    await waitFor(() => expect(box).toHaveFocus());
    expect([box.selectionStart, box.selectionEnd]).toEqual([box.value.length, box.value.length]);
    // replaced, not pushed: Back leaves the screen, and a reload brings no share back
    expect(location.history).toEqual(['/scan']);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('leaves what the person typed since in place when the screen is opened again (a reload, Back)', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    const first = renderWithApp(<ScanPage />, { path: `/scan${query({ text: SMS })}` });
    await userEvent.type(screen.getByLabelText(/Sender/), '+44 7700 900123');
    await userEvent.type(screen.getByLabelText('Message to scan'), ' (got it today)');
    first.unmount();
    // the address has no share any more: the screen opens with the draft as they left it
    renderWithApp(<ScanPage />, { path: '/scan' });
    expect(screen.getByLabelText('Message to scan')).toHaveValue(`${SMS} (got it today)`);
    expect(screen.getByLabelText(/Sender/)).toHaveValue('+44 7700 900123');
  });

  it('adds a share after a message the person had started typing, keeping it and its sender, and says so', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    const first = renderWithApp(<ScanPage />, { path: '/scan' });
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Half-typed message');
    await userEvent.type(screen.getByLabelText(/Sender/), 'Mum');
    first.unmount();
    renderWithApp(<ScanPage />, { path: `/scan${query({ text: SMS })}` });
    expect(screen.getByLabelText('Message to scan')).toHaveValue(`Half-typed message\n\n${SMS}`);
    expect(screen.getByLabelText(/Sender/)).toHaveValue('Mum');
    expect(await screen.findByText('Shared text added')).toBeInTheDocument();
    // as with a picture's text, the person may keep the shared text alone
    await userEvent.click(screen.getByRole('button', { name: 'Use shared text only' }));
    expect(screen.getByLabelText('Message to scan')).toHaveValue(SMS);
    expect(screen.getByLabelText('Message to scan')).toHaveFocus();
    expect(screen.getByLabelText(/Sender/)).toHaveValue('Mum');
  });

  it('says a share once, and does not move the focus again, when the person goes to the Social tab and back', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    const first = renderWithApp(<ScanPage />, { path: '/scan' });
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Half-typed message');
    first.unmount();
    renderWithApp(<ScanPage />, { path: `/scan${query({ text: SMS })}` });
    expect(await screen.findByText('Shared text added')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Shared text added')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.click(screen.getByRole('tab', { name: 'General Scan' }));
    expect(screen.getByRole('tab', { name: 'General Scan' })).toHaveFocus();
    expect(screen.queryByText('Shared text added')).not.toBeInTheDocument();
  });

  it('puts a link shared on its own in the URL form as well', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    renderWithApp(<ScanPage />, { path: `/scan${query({ url: LINK })}` });
    expect(screen.getByLabelText('Message to scan')).toHaveValue(LINK);
    await userEvent.click(screen.getByRole('tab', { name: /URL/ }));
    expect(screen.getByRole('textbox', { name: /URL/ })).toHaveValue(LINK);
  });

  it('says when the shared text was too long and was cut', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    renderWithApp(<ScanPage />, { path: `/scan${query({ text: 'x'.repeat(MAX_CONTENT_LENGTH + 10) })}` });
    expect(await screen.findByText('Shared text shortened')).toBeInTheDocument();
    expect(screen.getByText(/Only its first 100,000 characters are in the box/)).toBeInTheDocument();
    expect((screen.getByLabelText('Message to scan') as HTMLTextAreaElement).value).toHaveLength(MAX_CONTENT_LENGTH);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeAnalysis, makeScanUsage, PHISHING_TEXT } from '@/testing/fixtures';
import { readDraft } from '@/lib/session-draft';
import ScanPage from './scan-page';
import { MESSAGE_FORM_DEFAULTS, isMessageFormValues } from './message-form';

const textResponse = { message: { id: 'saved-1', content: PHISHING_TEXT, sender: '', source: 'manual' }, analysis: makeAnalysis() };

describe('Scan screen: what the person typed is kept', () => {
  it('keeps a half-typed message across the Social Media tab and leaving the screen', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) } });
    const first = renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), 'Your parcel is held');
    await userEvent.type(screen.getByLabelText(/Sender/), '+15550100');
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Instagram' }));
    await userEvent.type(screen.getByLabelText('Message'), 'DM me for the prize');
    await userEvent.click(screen.getByRole('tab', { name: 'General Scan' }));
    expect(screen.getByLabelText('Message to scan')).toHaveValue('Your parcel is held');
    // the screen is left (the Upgrade link, another page) and opened again
    first.unmount();
    renderWithApp(<ScanPage />);
    expect(screen.getByLabelText('Message to scan')).toHaveValue('Your parcel is held');
    expect(screen.getByLabelText(/Sender/)).toHaveValue('+15550100');
    await userEvent.click(screen.getByRole('tab', { name: 'Social Media' }));
    expect(screen.getByLabelText('Message')).toHaveValue('DM me for the prize');
    expect(screen.getByRole('radio', { name: 'Instagram' })).toBeChecked();
  });

  it('forgets the draft once it was scanned, and with Scan New', async () => {
    mockApi({ 'GET /api/scan-usage': { body: makeScanUsage(3) }, 'POST /api/scan/text': { body: textResponse } });
    const first = renderWithApp(<ScanPage />);
    await userEvent.type(screen.getByLabelText('Message to scan'), PHISHING_TEXT.slice(0, 40));
    await userEvent.click(screen.getByRole('button', { name: 'Scan Message' }));
    await screen.findByTestId('scan-result');
    first.unmount();
    renderWithApp(<ScanPage />);
    expect(screen.getByLabelText('Message to scan')).toHaveValue('');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps it in this tab only, and refuses a stored draft the form could not show', () => {
    window.sessionStorage.setItem('baitcheck:draft:scan-message', JSON.stringify({ ...MESSAGE_FORM_DEFAULTS, content: 'hi', source: 'carrier-pigeon' }));
    expect(readDraft('scan-message', MESSAGE_FORM_DEFAULTS, isMessageFormValues)).toEqual(MESSAGE_FORM_DEFAULTS);
    window.sessionStorage.setItem('baitcheck:draft:scan-message', JSON.stringify({ content: 42, sender: 'a', extra: '<b>' }));
    expect(readDraft('scan-message', MESSAGE_FORM_DEFAULTS, isMessageFormValues)).toEqual({ ...MESSAGE_FORM_DEFAULTS, sender: 'a' });
    window.sessionStorage.setItem('baitcheck:draft:scan-message', '{not json');
    expect(readDraft('scan-message', MESSAGE_FORM_DEFAULTS, isMessageFormValues)).toEqual(MESSAGE_FORM_DEFAULTS);
    expect(window.localStorage.getItem('baitcheck:draft:scan-message')).toBeNull();
  });
});

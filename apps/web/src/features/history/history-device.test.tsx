import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { analyze } from '@baitcheck/detector';
import { toScanAnalysis } from '@baitcheck/contracts/lite';
import { renderWithApp } from '@/testing/render';
import { ACCOUNT } from '@/testing/fixtures';
import { addDeviceScan, listDeviceScans, removeDeviceScans } from '@/lib/on-device/device-history';
import HistoryPage from './history-page';

const OWNER = ACCOUNT.email!.toLowerCase();
const SCAM = 'URGENT: your account is suspended. Click here http://paypa1-secure.com/login to verify';

afterEach(async () => {
  await removeDeviceScans((await listDeviceScans(OWNER)).map((r) => r.id));
  localStorage.clear();
});

describe('History with scans kept on this device', () => {
  it('offline, lists the scans on this device and says the rest comes back with the connection', async () => {
    await addDeviceScan(OWNER, { kind: 'text', content: SCAM, sender: '', source: 'sms', analysis: toScanAnalysis(analyze({ kind: 'text', content: SCAM, source: 'sms' }, { blockedSenders: [] }), SCAM) });
    // the account this browser last knew (the server cannot be asked)
    localStorage.setItem('baitcheck:on-device', JSON.stringify({ active: true, owner: OWNER, retentionDays: 30 }));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithApp(<HistoryPage />, { path: '/history' });
    expect(await screen.findByText(/showing only the scans kept on this device/)).toBeInTheDocument();
    expect(screen.getByText('On this device')).toBeInTheDocument();
    expect(screen.getByText(/paypa1-secure\.com/)).toBeInTheDocument();
  });

  it('offline with nothing on this device, says it cannot load the history', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithApp(<HistoryPage />, { path: '/history' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(/showing only the scans kept on this device/)).not.toBeInTheDocument();
  });
});

describe('a device entry deleted just before the page closed', () => {
  it('stays deleted on the next page, even though its Undo time had not ended', async () => {
    const record = await addDeviceScan(OWNER, { kind: 'text', content: SCAM, sender: '', source: 'sms', analysis: toScanAnalysis(analyze({ kind: 'text', content: SCAM, source: 'sms' }, { blockedSenders: [] }), SCAM) });
    localStorage.setItem('baitcheck:on-device', JSON.stringify({ active: true, owner: OWNER, retentionDays: 30 }));
    // written by an earlier page as the person pressed Delete; that page closed before the delete was done
    localStorage.setItem('baitcheck:device-deletes', JSON.stringify([{ id: `device-${record.id}`, page: 'an-earlier-page' }]));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithApp(<HistoryPage />, { path: '/history' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(await listDeviceScans(OWNER)).toEqual([]);
    expect(localStorage.getItem('baitcheck:device-deletes')).toBeNull();
  });
});

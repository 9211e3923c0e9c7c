import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { SETTINGS } from '@/testing/fixtures';
import { CHANNEL_SWITCHES, ProtectionSwitches } from '@/components/protection-switches';
import { getToasts } from '@/components/ui/toast-store';
import { StatusBanner, deriveBannerState, pendingChangesText } from './status-banner';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deriveBannerState', () => {
  const alert = { status: 'alert', phishingLast24h: 2, lastPhishingAt: '2025-01-01T00:00:00Z' } as const;
  it('is offline when the browser is offline or the API failed, whatever the data says', () => {
    expect(deriveBannerState(false, false, alert)).toBe('offline');
    expect(deriveBannerState(true, true, alert)).toBe('offline');
  });
  it('is alert when the server says so, active otherwise', () => {
    expect(deriveBannerState(true, false, alert)).toBe('alert');
    expect(deriveBannerState(true, false, { ...alert, status: 'active', phishingLast24h: 0 })).toBe('active');
    expect(deriveBannerState(true, false, undefined)).toBe('active');
  });
});

describe('StatusBanner', () => {
  it('says in words that phishing was found in the last 24 hours', async () => {
    mockApi({ 'GET /api/protection-status': { body: { status: 'alert', phishingLast24h: 2, lastPhishingAt: null } } });
    renderWithApp(<StatusBanner />);
    expect(await screen.findByText(/2 phishing messages/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'alert');
    expect(screen.getByRole('link', { name: 'Review them' })).toHaveAttribute('href', '/history');
  });

  it('says offline when the API does not answer', async () => {
    mockApi({ 'GET /api/protection-status': { status: 502 } });
    renderWithApp(<StatusBanner />);
    expect(await screen.findByText('Offline.')).toBeInTheDocument();
  });

  it('says offline when the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({ 'GET /api/protection-status': { body: { status: 'active', phishingLast24h: 0, lastPhishingAt: null } } });
    renderWithApp(<StatusBanner />);
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'offline');
  });

  it('says, while offline, that a change made meanwhile is not saved yet, and stops saying it once it is', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      const api = mockApi({
        'GET /api/protection-status': { body: { status: 'active', phishingLast24h: 0, lastPhishingAt: null } },
        'GET /api/protection-settings': { body: SETTINGS },
        'PATCH /api/protection-settings': { body: { ...SETTINGS, smsProtection: false } },
        'GET /api/plugins': { body: {} },
        'GET /api/family': { body: { role: 'none', canCreate: false, emailConfigured: false } },
      });
      renderWithApp(
        <>
          <StatusBanner />
          <ProtectionSwitches items={CHANNEL_SWITCHES} />
        </>,
      );
      const sms = (await screen.findAllByRole('switch'))[0]!;
      // the connection goes
      online.mockReturnValue(false);
      act(() => {
        onlineManager.setOnline(false);
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByRole('status')).toHaveAttribute('data-state', 'offline');
      expect(screen.getByRole('status')).not.toHaveTextContent('not reached Baitcheck');
      await userEvent.click(sms);
      expect(await screen.findByTestId('pending-changes')).toHaveTextContent(pendingChangesText(1)!);
      // and in a toast, where the person is looking (the banner scrolls away with the page)
      expect(getToasts().find((t) => t.open)).toMatchObject({ title: 'Not saved yet', description: pendingChangesText(1) });
      expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
      // back online: sent, saved, and the banner says nothing more about it
      online.mockReturnValue(true);
      act(() => {
        onlineManager.setOnline(true);
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByText(/not reached Baitcheck/)).not.toBeInTheDocument());
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says nothing when nothing waits, and gives no count (a switch turned off and on is two changes)', () => {
    expect(pendingChangesText(0)).toBeNull();
    expect(pendingChangesText(1)).toBe(pendingChangesText(3));
  });
});

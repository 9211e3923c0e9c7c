import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderWithApp } from '@/testing/render';
import { StatusBanner, deriveBannerState } from './status-banner';

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
});

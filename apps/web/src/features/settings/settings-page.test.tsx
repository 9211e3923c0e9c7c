import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { SETTINGS } from '@/testing/fixtures';
import SettingsPage from './settings-page';

afterEach(() => vi.unstubAllGlobals());

describe('SettingsPage', () => {
  it('shows the four protection switches, Premium on social and on-device, and saves one change', async () => {
    const { calls } = mockApi({
      'GET /api/protection-settings': { body: SETTINGS },
      'PATCH /api/protection-settings': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }),
    });
    renderWithApp(<SettingsPage />);
    expect(screen.getByRole('tab', { name: 'Protection' })).toHaveAttribute('aria-selected', 'true');
    const onDevice = await screen.findByRole('switch', { name: 'On-Device Scanning' });
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    for (const name of ['Social Media Protection', 'On-Device Scanning']) {
      const row = screen.getByRole('switch', { name }).closest('div.flex') as HTMLElement;
      expect(within(row).getByText('Premium')).toBeInTheDocument();
    }
    const smsRow = screen.getByRole('switch', { name: 'SMS Protection' }).closest('div.flex') as HTMLElement;
    expect(within(smsRow).queryByText('Premium')).not.toBeInTheDocument();

    await userEvent.click(onDevice);
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ onDeviceScanning: true });
  });
});

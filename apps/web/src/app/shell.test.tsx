import { describe, expect, it, afterEach, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { renderWithApp, mockApi } from '@/testing/render';
import { FakeEventSource, installFakeEventSource } from '@/testing/notifications';
import { AppShell, isActivePath } from './shell';
import { AppRouter, titleFor } from './router';

afterEach(() => vi.unstubAllGlobals());

const status = { status: 'active', phishingLast24h: 0, lastPhishingAt: null };

describe('AppShell', () => {
  it('marks only the current page in the bottom navigation', () => {
    mockApi({ 'GET /api/protection-status': { body: status } });
    renderWithApp(<AppShell>content</AppShell>, { path: '/history' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Dashboard', 'Scan', 'History', 'Account', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('has the product name and a settings button going to /settings', () => {
    mockApi({ 'GET /api/protection-status': { body: status } });
    renderWithApp(<AppShell>content</AppShell>);
    expect(screen.getByRole('banner')).toHaveTextContent('Baitcheck');
    expect(screen.getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings');
    // a button opening the list now; the list links to the notification settings
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('button', { name: 'Accessibility settings' })).toBeInTheDocument();
  });

  it('starts the live notifications after the first render: the stream feeds the bell its unread count', async () => {
    installFakeEventSource();
    mockApi({ 'GET /api/protection-status': { body: status } });
    renderWithApp(<AppShell>content</AppShell>);
    // not during the first render: the first screen does not wait for it
    expect(FakeEventSource.instances).toHaveLength(0);
    // its chunk is transformed on first import here: give it time
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), { timeout: 5000 });
    act(() => FakeEventSource.latest().open());
    act(() => FakeEventSource.latest().emit('unread', { unread: 3 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('3')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    mockApi({ 'GET /api/protection-status': { body: status } });
    renderWithApp(
      <AppShell>
        <AppRouter />
      </AppShell>,
      { path: '/no-such-page' },
    );
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    // Said to the reader, not to a developer: the page does not exist, and the way home.
    expect(screen.getByText("This page doesn't exist. The link may be old or mistyped.")).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('moves the focus to the new page’s heading after an in-app navigation, not on the first load', async () => {
    mockApi({ 'GET /api/protection-status': { body: status }, 'GET /api/scan-usage': { body: { plan: 'basic', limit: null, used: 0, remaining: null, resetsAt: null, timeZone: 'UTC' } } });
    renderWithApp(
      <AppShell>
        <AppRouter />
      </AppShell>,
      { path: '/no-such-page' },
    );
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).not.toHaveFocus();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Scan' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Scan for Threats' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("names each page in the browser tab's title, the product after it", async () => {
    mockApi({ 'GET /api/protection-status': { body: status }, 'GET /api/scan-usage': { body: { plan: 'basic', limit: null, used: 0, remaining: null, resetsAt: null, timeZone: 'UTC' } } });
    renderWithApp(
      <AppShell>
        <AppRouter />
      </AppShell>,
      { path: '/no-such-page' },
    );
    await waitFor(() => expect(document.title).toBe('Page not found · Baitcheck'));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Scan' }));
    await waitFor(() => expect(document.title).toBe('Scan for Threats · Baitcheck'));
    expect(titleFor('/')).toBe('Baitcheck');
    expect(titleFor('/subscription')).toBe('Upgrade Your Protection · Baitcheck');
    expect(titleFor('/checkout/test/chk_1')).toBe('Test checkout · Baitcheck');
    expect(titleFor('/family/join')).toBe('Family invitation · Baitcheck');
  });

  it('treats / as active only on the home page', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/scan')).toBe(false);
    expect(isActivePath('/scan', '/scan')).toBe(true);
    expect(isActivePath('/scan', '/scanner')).toBe(false);
  });
});

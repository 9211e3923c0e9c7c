import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analyze } from '@baitcheck/detector';
import { toScanAnalysis } from '@baitcheck/contracts/lite';
import type { CurrentUser } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { ACCOUNT, BASIC_SUBSCRIPTION, failWith, GUEST } from '@/testing/fixtures';
import { addDeviceScan, listDeviceScans } from '@/lib/on-device/device-history';
import AccountPage from './account-page';
import { getTimeZone } from '@/lib/api-client';
import { DATA_FILE_LABEL, DELETED_TEXT, DOWNLOAD_STARTED_TEXT } from './your-data-card';

afterEach(() => vi.unstubAllGlobals());

async function renderAs(user: CurrentUser, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/auth/me': { body: { user } }, 'GET /api/subscription': { body: BASIC_SUBSCRIPTION }, ...routes });
  renderWithApp(<AccountPage />, { path: '/account' });
  await screen.findByRole('heading', { level: 2, name: 'Your data' });
  return api;
}

async function openDelete() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
  await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
  return dialog;
}

describe('Your data', () => {
  it('offers a guest the downloads only, the readable copy first, then the data file, each said what it is for', async () => {
    await renderAs(GUEST);
    const [first, second] = screen.getAllByRole('button', { name: /^Download/ });
    expect(first).toHaveAccessibleName('Download a readable copy');
    expect(second).toHaveAccessibleName(DATA_FILE_LABEL);
    const download = screen.getByRole('button', { name: DATA_FILE_LABEL });
    expect(download).toHaveAttribute('href', '/api/account/export');
    expect(download).toHaveAttribute('download');
    // the readable copy: the same route, as a page, its times in this browser's time zone
    const readable = screen.getByRole('button', { name: 'Download a readable copy' });
    expect(readable).toHaveAttribute('href', `/api/account/export?format=html&tz=${encodeURIComponent(getTimeZone())}`);
    expect(readable).toHaveAttribute('download');
    for (const link of [download, readable]) {
      expect(link).toHaveAccessibleDescription('The readable copy is a page to read or print. The data file is for moving your data to another service: it is not meant to be read.');
    }
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('says calmly where a download goes once asked for; Space presses a download as it presses a button', async () => {
    await renderAs(ACCOUNT);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    // jsdom cannot download: the click is the app's alone
    const noNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', noNavigation);
    try {
      screen.getByRole('button', { name: 'Download a readable copy' }).focus();
      await userEvent.keyboard(' ');
    } finally {
      document.removeEventListener('click', noNavigation);
    }
    expect(status).toHaveTextContent(DOWNLOAD_STARTED_TEXT);
    expect(status).toBeVisible();
  });

  it('says what happens to a paid plan before the password is asked: one that renews is cancelled first, a cancelled one ends now, with the money-back date', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await renderAs(ACCOUNT, { 'GET /api/subscription': { body: { ...BASIC_SUBSCRIPTION, plan: 'premium', status: 'active', currentPeriodEnd: day(30), refundableUntil: day(14) } } });
    const notice = within(await openDelete()).getByTestId('delete-plan-notice');
    expect(notice).toHaveTextContent(/^Your Premium plan still renews on \w+ \d+, \d{4}\. Cancel it first, so your card is not charged again; then delete your account\. You can still ask for your money back until \w+ \d+, \d{4}\. Go to the Subscription page$/);
    expect(within(notice).getByRole('link', { name: 'Go to the Subscription page' })).toHaveAttribute('href', '/subscription?manage=true');
  });

  it('says a cancelled plan ends with the account, its time left not refunded', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await renderAs(ACCOUNT, { 'GET /api/subscription': { body: { ...BASIC_SUBSCRIPTION, plan: 'premium', status: 'active', currentPeriodEnd: day(30), cancelAtPeriodEnd: true, refundableUntil: null } } });
    const notice = within(await openDelete()).getByTestId('delete-plan-notice');
    expect(notice).toHaveTextContent(/^Your Premium plan runs until \w+ \d+, \d{4}\. Deleting your account ends it now, and the time left is not refunded\. Go to the Subscription page$/);
  });

  it('says nothing of plans on Basic', async () => {
    await renderAs(ACCOUNT);
    expect(within(await openDelete()).queryByTestId('delete-plan-notice')).not.toBeInTheDocument();
  });

  it('asks the password again, says a wrong one under the field, and a plan that still renews with the way to cancel it', async () => {
    let attempt = 0;
    const { calls } = await renderAs(ACCOUNT, {
      'POST /api/auth/delete-account': () =>
        ++attempt === 1
          ? failWith(403, 'CURRENT_PASSWORD_WRONG', 'Your current password is not right.')
          : failWith(409, 'PLAN_STILL_ACTIVE', 'Your paid plan still renews. Cancel it on the Subscription page first, so you are not charged again, then delete your account.'),
    });
    const dialog = await openDelete();
    expect(dialog).toHaveTextContent('It cannot be undone');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'not it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your current password is not right.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(/not right/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'not it' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Cancel it on the Subscription page first');
    expect(within(alert).getByRole('link', { name: 'Go to the Subscription page' })).toHaveAttribute('href', '/subscription?manage=true');
    // nothing changed: still the account
    expect(screen.getByRole('heading', { level: 2, name: ACCOUNT.email!, hidden: true })).toBeInTheDocument();
  });

  it('deletes the account, forgets its scans kept on this device, and the page becomes a new guest', async () => {
    const content = 'URGENT: verify at http://paypa1-secure.com/login';
    const analysis = toScanAnalysis(analyze({ kind: 'text', content, sender: '', source: 'sms' }), content);
    await addDeviceScan('sam@example.com', { kind: 'text', content, sender: '', source: 'sms', analysis });
    await addDeviceScan('alex@example.com', { kind: 'text', content, sender: '', source: 'sms', analysis });
    let deleted = false;
    const { calls } = await renderAs(ACCOUNT, {
      'POST /api/auth/delete-account': () => {
        deleted = true;
        return { body: { success: true } };
      },
      'GET /api/auth/me': () => ({ body: { user: deleted ? GUEST : ACCOUNT } }),
    });
    const dialog = await openDelete();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'the password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(DELETED_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the focus goes to the new guest's profile, as after signing out
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Guest' })).toHaveFocus());
    expect(calls.filter((c) => c.path === '/api/auth/delete-account')).toHaveLength(1);
    expect(await listDeviceScans('sam@example.com')).toEqual([]);
    expect(await listDeviceScans('alex@example.com')).toHaveLength(1);
    // a lasting word on the page, after the toast has gone, until dismissed
    const notice = screen.getByTestId('account-deleted-notice');
    expect(notice).toHaveTextContent(`The account ${ACCOUNT.email} was deleted, with everything kept with it. Nothing more will be charged for it.`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('account-deleted-notice')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('baitcheck:deleted-account')).toBeNull();
  });
});

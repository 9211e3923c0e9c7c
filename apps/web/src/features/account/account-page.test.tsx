import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeMessage, ACCOUNT, BASIC_SUBSCRIPTION, failWith, GUEST, makePremium } from '@/testing/fixtures';
import { queryKeys } from '@/lib/api/query-keys';
import AccountPage from './account-page';

afterEach(() => vi.unstubAllGlobals());


const BASIC = BASIC_SUBSCRIPTION;
const PREMIUM = makePremium({ provider: 'stripe' });

const fail = failWith;

async function renderAs(user: CurrentUser, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/auth/me': { body: { user } }, 'GET /api/subscription': { body: BASIC }, ...routes });
  const rendered = renderWithApp(<AccountPage />, { path: '/account' });
  await screen.findByRole('heading', { level: 2, name: user.kind === 'guest' ? 'Guest' : user.email! });
  return { ...api, ...rendered };
}

describe('AccountPage', () => {
  it('shows the free plan, what it includes and excludes, the upgrade link and the help links', async () => {
    await renderAs(GUEST);
    expect(await screen.findByText('Basic · Free')).toBeInTheDocument();
    for (const included of ['Checking texts, emails, social media messages and links', 'Forwarded texts, an email inbox and Slack checked as they arrive', 'Scan history', 'AI assistant']) {
      expect(screen.getByText(included).closest('li')).toHaveTextContent(`Included: ${included}`);
    }
    for (const excluded of ['The social media feed', 'On-device scanning', 'Priority support']) {
      expect(screen.getByText(excluded).closest('li')).toHaveTextContent(`Not included: ${excluded}`);
    }
    // The Social Media scan works on the free plan: the card does not say otherwise.
    expect(screen.queryByText(/social media protection/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-support');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Knowledge Base' })).toHaveAttribute('href', '/knowledge-base');
    expect(screen.getByRole('link', { name: 'Live Chat (automated preview)' })).toHaveAttribute('href', '/live-chat');
  });

  it("shows the real plan from the server: name, price, renewal date, what it adds and the way to manage it", async () => {
    await renderAs(ACCOUNT, { 'GET /api/subscription': { body: PREMIUM } });
    const card = (await screen.findByText('Premium · $7.99/month')).closest('div.rounded-xl') as HTMLElement;
    expect(within(card).getByRole('heading', { level: 2, name: 'Your plan' })).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Renews on March 5, 2026')).toBeInTheDocument();
    for (const added of ['Unlimited scans', 'Priority support', '30 days of scan history']) {
      expect(within(card).getByText(added).closest('li')).toHaveTextContent(`Included: ${added}`);
    }
    expect(within(card).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription?manage=true');
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.queryByText('Basic · Free')).not.toBeInTheDocument();
  });

  it('says when a canceled plan ends, and when a payment failed', async () => {
    await renderAs(ACCOUNT, {
      'GET /api/subscription': { body: { ...PREMIUM, plan: 'family', cancelAtPeriodEnd: true } },
    });
    expect(await screen.findByText('Family · $14.99/month')).toBeInTheDocument();
    expect(screen.getByText('Ending')).toBeInTheDocument();
    expect(screen.getByText('Ends on March 5, 2026; it will not renew.')).toBeInTheDocument();
    expect(screen.getByText('90 days of scan history').closest('li')).toHaveTextContent('Included: 90 days of scan history');
    // what the family plan does not have yet is not listed as included
    expect(screen.queryByText(/Up to 5 members/)).not.toBeInTheDocument();
  });

  it('warns a paying user whose last payment failed', async () => {
    await renderAs(ACCOUNT, { 'GET /api/subscription': { body: { ...PREMIUM, status: 'past_due' } } });
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText(/Your last payment failed\. Update your card under Manage Subscription/)).toBeInTheDocument();
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
  });

  it('shows the free plan again once a paid plan has ended', async () => {
    await renderAs(ACCOUNT, {
      'GET /api/subscription': { body: { ...BASIC, status: 'canceled', currentPeriodEnd: '2026-02-05T12:00:00.000Z' } },
    });
    expect(await screen.findByText('Basic · Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription');
  });

  it('says when the plan could not be loaded, and loads it on Retry', async () => {
    let attempt = 0;
    await renderAs(ACCOUNT, {
      'GET /api/subscription': () => (++attempt === 1 ? fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.') : { body: PREMIUM }),
    });
    expect(await screen.findByText('We could not load your plan.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Premium · $7.99/month')).toBeInTheDocument();
  });

  it('has the Account, Accessibility and Virtual Assistant tabs', async () => {
    await renderAs(GUEST);
    const tabs = within(screen.getByRole('tablist', { name: 'Account sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Account', 'Accessibility', 'Virtual Assistant']);
    await userEvent.click(screen.getByRole('tab', { name: 'Accessibility' }));
    expect(screen.getByRole('tab', { name: 'Accessibility' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Guest' })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Accessibility' })).not.toBeEmptyDOMElement();
  });

  it('shows a guest what an account is for, with the create-account form first', async () => {
    await renderAs(GUEST);
    expect(screen.getByText(/Your scans are kept in this browser\. Create an account to keep them across your devices/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change Password/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign Out/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription('Use 8 to 128 characters.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
  });

  it("signs up: shows the server's field errors under the fields, then the new account, with every cached answer dropped", async () => {
    let attempt = 0;
    const { calls, queryClient } = await renderAs(GUEST, {
      'POST /api/auth/sign-up': () =>
        ++attempt === 1
          ? fail(400, 'VALIDATION_FAILED', 'Some of the information sent is not valid.', [
              { field: 'email', message: 'Please enter a valid email address.' },
              { field: 'password', message: 'Use at least 8 characters.' },
            ])
          : { status: 201, body: { user: ACCOUNT } },
    });
    queryClient.setQueryData(queryKeys.messageList(), [makeMessage()]);

    await userEvent.type(screen.getByLabelText('Email'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // One message under the field: the error takes the rule's place.
    expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
    expect(screen.queryByText('Use 8 to 128 characters.')).not.toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // the field errors say it all: no second, general message
    expect(screen.queryByText('Some of the information sent is not valid.')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/sign-up')?.body).toEqual({ email: 'sam', password: 'short' });

    // editing a field clears its error
    await userEvent.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(password);
    expect(password).toHaveAccessibleDescription('Use 8 to 128 characters.');
    await userEvent.type(password, 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'sam@example.com' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Member since January 5, 2025')).toBeInTheDocument();
    // Under the email: when the account began, and no badge that only repeats 'Account'.
    expect(within(heading.parentElement!).queryByText('Account', { exact: true })).not.toBeInTheDocument();
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.messageList())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(ACCOUNT);
  });

  it("shows the server's message when an email is taken", async () => {
    await renderAs(GUEST, {
      'POST /api/auth/sign-up': fail(409, 'EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.'),
    });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists. Sign in instead.');
    // the email carries over to the sign-in form
    await userEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it('signs in: busy while it runs, then the wrong-password message; a rate limit says how long to wait', async () => {
    let attempt = 0;
    const { calls, fetchMock } = await renderAs(GUEST, {
      'POST /api/auth/sign-in': () =>
        ++attempt === 1
          ? fail(401, 'INVALID_CREDENTIALS', 'The email or password is not right.')
          : fail(429, 'RATE_LIMITED', 'Too many sign-in attempts. Try again in 15 minutes.'),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not my password');

    let release: () => void = () => {};
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (input, init) => {
      const answer = await original(input, init);
      return new Promise<Response>((resolve) => (release = () => resolve(answer)));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    // marked unavailable while busy, but keeping the keyboard focus; a second press sends nothing
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    expect(calls.filter((c) => c.path === '/api/auth/sign-in')).toHaveLength(1);
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not right.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Guest' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/sign-in')?.body).toEqual({ email: 'sam@example.com', password: 'not my password' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 15 minutes.'));
  });

  it('signs in to an account and shows it', async () => {
    await renderAs(GUEST, { 'POST /api/auth/sign-in': { body: { user: ACCOUNT } } });
    await userEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'the right password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'sam@example.com' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
  });

  it('shows a signed-in user their email, since when, the password change and sign-out, and no sign-in forms', async () => {
    await renderAs(ACCOUNT);
    expect(screen.getByText('Member since January 5, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Guest' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('changes the password in a dialog, then says other devices were signed out', async () => {
    const { calls } = await renderAs(ACCOUNT, { 'POST /api/auth/change-password': { body: { success: true } } });
    const trigger = screen.getByRole('button', { name: 'Change Password' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveFocus());
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'old password 1');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'new password 2');
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'new password 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Other devices signed in to your account have been signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(calls.find((c) => c.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'new password 2',
    });
  });

  it('keeps the dialog open with the problem shown when the password change fails', async () => {
    let attempt = 0;
    const { calls } = await renderAs(ACCOUNT, {
      'POST /api/auth/change-password': () =>
        ++attempt === 1
          ? fail(403, 'CURRENT_PASSWORD_WRONG', 'Your current password is not right.')
          : fail(400, 'VALIDATION_FAILED', 'Some of the information sent is not valid.', [
              { field: 'newPassword', message: 'Use at least 8 characters.' },
            ]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    const current = within(dialog).getByLabelText('Current password');
    const next = within(dialog).getByLabelText('New password');
    const confirm = within(dialog).getByLabelText('Confirm new password');

    // a mismatch is caught here, without a call
    await userEvent.type(current, 'not it at all');
    await userEvent.type(next, 'new password 2');
    await userEvent.type(confirm, 'new password 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(confirm).toHaveAccessibleDescription('The new passwords do not match.');
    expect(calls.some((c) => c.path === '/api/auth/change-password')).toBe(false);

    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'new password 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Your current password is not right.'));
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(next);
    await userEvent.type(next, 'short');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(next).toHaveAccessibleDescription('Use at least 8 characters.'));
    expect(within(dialog).queryByText('Use 8 to 128 characters.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });

  it('signs out: the page turns back into a new guest, every cached answer dropped', async () => {
    let user: CurrentUser = ACCOUNT;
    const { calls, queryClient } = await renderAs(ACCOUNT, {
      'GET /api/auth/me': () => ({ body: { user } }),
      'POST /api/auth/sign-out': () => {
        user = GUEST;
        return { body: { success: true } };
      },
    });
    queryClient.setQueryData(queryKeys.messageList(), [makeMessage()]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Guest' })).toHaveFocus();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.queryByText('sam@example.com')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.messageList())).toBeUndefined();
    const signOut = calls.findIndex((c) => c.path === '/api/auth/sign-out');
    expect(signOut).toBeGreaterThan(-1);
    expect(calls.slice(signOut + 1).some((c) => c.path === '/api/auth/me')).toBe(true);
  });

  it('shows the error when signing out fails, and stays signed in', async () => {
    await renderAs(ACCOUNT, {
      'POST /api/auth/sign-out': fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'sam@example.com' })).toBeInTheDocument();
  });
});

describe('AccountPage ?tab=family', () => {
  it('opens the Account tab, not a blank page, for someone with no Family Dashboard', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: BASIC }, 'GET /api/family': { body: { role: 'none', canCreate: false, emailConfigured: false } } });
    renderWithApp(<AccountPage familyTab={<p>the family tab</p>} />, { path: '/account?tab=family' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('tab', { name: 'Family Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Account' })).not.toBeEmptyDOMElement();
  });

  it('opens the Family Dashboard for someone on the Family plan', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: makePremium({ plan: 'family' }) }, 'GET /api/family': { body: { role: 'none', canCreate: true, emailConfigured: false } } });
    renderWithApp(<AccountPage familyTab={<p>the family tab</p>} />, { path: '/account?tab=family' });
    expect(await screen.findByText('the family tab')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Family Dashboard' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('AccountPage ?tab=assistant', () => {
  it('opens the Virtual Assistant tab (the help pages’ “ask the assistant”)', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: BASIC }, 'GET /api/family': { body: { role: 'none', canCreate: false, emailConfigured: false } } });
    renderWithApp(<AccountPage />, { path: '/account?tab=assistant' });
    expect(screen.getByRole('tab', { name: 'Virtual Assistant' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'false');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, Subscription } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { ACCOUNT, BASIC_SUBSCRIPTION, failWith, GUEST, makePremium } from '@/testing/fixtures';
import { browserLocation } from '@/lib/api/billing';
import SubscriptionPage from './subscription-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});


const BASIC = BASIC_SUBSCRIPTION;
const PREMIUM = makePremium();
const IN_A_WEEK = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

const fail = failWith;

type Routes = Parameters<typeof mockApi>[0];

async function renderPage({ user = ACCOUNT, subscription = BASIC, path = '/subscription', routes = {} }: { user?: CurrentUser; subscription?: Subscription; path?: string; routes?: Routes } = {}) {
  const api = mockApi({ 'GET /api/auth/me': { body: { user } }, 'GET /api/subscription': { body: subscription }, ...routes });
  const rendered = renderWithApp(<SubscriptionPage />, { path });
  await screen.findByRole('tab', { name: 'Plan Cards' });
  return { ...api, ...rendered };
}

/** A plan card, found by its name. */
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;
const cardButton = (name: string) => within(card(name)).getByRole('button');

/** Holds the next fetch's answer until `release` is called. */
function holdNextAnswer(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  let release: () => void = () => {};
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementationOnce(async (input, init) => {
    const answer = await original(input, init);
    return new Promise<Response>((resolve) => (release = () => resolve(answer)));
  });
  return () => release();
}

describe('SubscriptionPage', () => {
  it('shows a spinner while the subscription loads, then the plans', async () => {
    const { fetchMock } = mockApi({ 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: BASIC } });
    const original = fetchMock.getMockImplementation()!;
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await original(input, init);
      if (!String(input).includes('/api/subscription')) return answer;
      return new Promise<Response>((resolve) => (release = () => resolve(answer)));
    });
    renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade Your Protection' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your plan…');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('tab', { name: 'Plan Cards' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Loading your plan…')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('on Basic: no banner, the three cards with their prices, lists and buttons', async () => {
    await renderPage();
    expect(screen.queryByText(/You are currently subscribed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Feature Comparison' })).toHaveAttribute('aria-selected', 'false');

    expect(within(card('Basic')).getByText('$0')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('$7.99')).toBeInTheDocument();
    expect(within(card('Family')).getByText('$14.99')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(card('Basic')).getByRole('heading', { level: 3, name: 'Features' })).toBeInTheDocument();
    expect(within(card('Basic')).getByRole('heading', { level: 3, name: 'Limitations' })).toBeInTheDocument();
    expect(within(card('Basic')).getByText('No social media protection')).toBeInTheDocument();
    // no Limitations heading on a plan without limitations
    expect(within(card('Premium')).queryByRole('heading', { name: 'Limitations' })).not.toBeInTheDocument();
    expect(within(card('Family')).getByText('Parental controls')).toBeInTheDocument();
    // a highlight is not repeated among the features, and a feature not built yet says so
    expect(within(card('Family')).getAllByText('90 days of scan history')).toHaveLength(1);
    expect(within(card('Family')).getByText('Up to 5 members')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('On-device scanning')).toBeInTheDocument();
    // and what 'coming soon' means is said once, under the plans
    expect(screen.getByText(/marks protection we are still building: it is not part of any plan yet/)).toBeInTheDocument();
    // this server's daily figure (the fixture's 10)
    expect(within(card('Basic')).getByText('10 scans a day')).toBeInTheDocument();

    expect(cardButton('Basic')).toHaveTextContent('Current Plan');
    expect(cardButton('Basic')).toBeDisabled();
    expect(cardButton('Premium')).toHaveTextContent(/^Upgrade to Premium$/);
    expect(cardButton('Premium')).toBeEnabled();
    expect(cardButton('Family')).toHaveAccessibleName('Upgrade to Family');
    expect(cardButton('Family')).toBeEnabled();

    expect(screen.getByRole('heading', { level: 2, name: 'Why Upgrade to Premium?' })).toBeInTheDocument();
    expect(screen.getByText('All plans include a 14-day money-back guarantee. You can cancel your subscription at any time.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    // the test checkout is said before anyone pays
    expect(screen.getByRole('note')).toHaveTextContent('This server uses a test checkout: no card is charged.');
  });

  it('says nothing about a test checkout on a server that takes payments through Stripe', async () => {
    await renderPage({ subscription: { ...BASIC, provider: 'stripe' } });
    expect(screen.queryByText(/test checkout/)).not.toBeInTheDocument();
  });

  it('asks a guest to create an account or sign in before paying', async () => {
    await renderPage({ user: GUEST });
    const notice = await screen.findByRole('region', { name: 'Create an account to upgrade' });
    expect(notice).toHaveTextContent('A payment needs an account');
    expect(within(notice).getByRole('link', { name: 'Create an account or sign in' })).toHaveAttribute('href', '/account');
  });

  it('tells a guest who presses Upgrade anyway that an account is needed, with a way to the Account page', async () => {
    const message = 'Create an account or sign in first: a payment needs an account, so your plan stays yours on every device.';
    const { location } = await renderPage({
      user: GUEST,
      routes: { 'POST /api/create-checkout-session': fail(401, 'ACCOUNT_REQUIRED', message) },
    });
    await userEvent.click(cardButton('Premium'));
    expect(await screen.findByText('Create an account first')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(cardButton('Premium')).toBeEnabled();
    // (user-event refuses the toast viewport's pointer-events: none, which its toast overrides in CSS)
    fireEvent.click(screen.getByRole('button', { name: 'Go to Account' }));
    expect(location.history.at(-1)).toBe('/account');
  });

  it('does not show the account notice to a signed-in user', async () => {
    await renderPage();
    expect(screen.queryByRole('region', { name: 'Create an account to upgrade' })).not.toBeInTheDocument();
  });

  it('on an active plan: the green banner with the renewal date, Manage Subscription, and the button rules', async () => {
    await renderPage({ subscription: PREMIUM });
    const banner = screen.getByRole('region', { name: 'Your subscription' });
    expect(banner).toHaveTextContent('You are currently subscribed to the Premium plan');
    expect(within(banner).getByText('Your subscription renews on March 5, 2026')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();

    expect(cardButton('Premium')).toHaveTextContent('Current Plan');
    expect(cardButton('Premium')).toBeDisabled();
    // no downgrade through the buttons
    expect(cardButton('Basic')).toHaveTextContent('Free Plan');
    expect(cardButton('Basic')).toBeDisabled();
    expect(cardButton('Family')).toHaveAccessibleName('Upgrade to Family');
    expect(cardButton('Family')).toBeEnabled();
    // someone with Premium is not asked why they should upgrade to it
    expect(screen.queryByRole('heading', { name: 'Why Upgrade to Premium?' })).not.toBeInTheDocument();
  });

  it("opens Manage Subscription with the page from the Account page's button, once", async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: PREMIUM } });
    const { location } = renderWithApp(<SubscriptionPage />, { path: '/subscription?manage=true' });
    expect(await screen.findByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    // the address loses the question, so a reload or Back does not open it again
    await waitFor(() => expect(location.history?.at(-1)).toBe('/subscription'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toHaveFocus();
  });

  it('says when a canceled plan ends instead of when it renews', async () => {
    await renderPage({ subscription: { ...PREMIUM, plan: 'family', cancelAtPeriodEnd: true } });
    const banner = screen.getByRole('region', { name: 'Your subscription' });
    expect(banner).toHaveTextContent('You are currently subscribed to the Family plan');
    expect(banner).toHaveTextContent('Your subscription ends on March 5, 2026 and will not renew.');
    expect(banner).not.toHaveTextContent(/renews on/);
  });

  it('shows the banner without a date when the period end is unknown', async () => {
    await renderPage({ subscription: { ...PREMIUM, currentPeriodEnd: null } });
    expect(screen.getByRole('region', { name: 'Your subscription' })).not.toHaveTextContent(/renews|ends/);
  });

  it('shows no banner when the subscription is not active', async () => {
    await renderPage({ subscription: { ...BASIC, status: 'canceled', currentPeriodEnd: '2026-02-01T00:00:00.000Z' } });
    expect(screen.queryByRole('region', { name: 'Your subscription' })).not.toBeInTheDocument();
    expect(cardButton('Basic')).toHaveTextContent('Current Plan');
  });

  it('tells a user whose last payment failed to update the card, through Manage Subscription', async () => {
    await renderPage({ subscription: { ...PREMIUM, status: 'past_due', provider: 'stripe' } });
    const banner = screen.getByRole('region', { name: 'Your subscription' });
    expect(banner).toHaveTextContent('Your last payment for the Premium plan failed');
    expect(banner).toHaveTextContent('Update your card under Manage Subscription to keep your plan.');
    expect(banner).not.toHaveTextContent('You are currently subscribed');
    expect(within(banner).getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
  });

  it('Feature Comparison: the table with descriptions, readable marks, and the three buttons', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    const table = screen.getByRole('table', { name: 'What each plan includes' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Feature', 'Basic', 'Premium', 'Family']);
    const social = within(table).getByRole('rowheader', { name: /Social media protection/ }).closest('tr')!;
    expect(social).toHaveTextContent('Messages arriving on social platforms checked for you');
    expect(within(social).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Not included', 'Simulated feed', 'Simulated feed']);
    const assistant = within(table).getByRole('rowheader', { name: /AI assistant/ }).closest('tr')!;
    expect(within(assistant).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Included', 'Included', 'Included']);
    const scans = within(table).getByRole('rowheader', { name: /Scans per day/ }).closest('tr')!;
    expect(within(scans).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', 'Unlimited', 'Unlimited']);

    expect(screen.getByRole('button', { name: 'Free Plan' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium ($7.99/mo)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upgrade to Family ($14.99/mo)' })).toBeEnabled();
  });

  it('answers Basic on Basic with a toast that the user is already on the free plan, and calls nothing', async () => {
    const { calls } = await renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    await userEvent.click(screen.getByRole('button', { name: 'Free Plan' }));
    expect(await screen.findByText('Already on the free plan')).toBeInTheDocument();
    expect(screen.getByText('You are already on the free Basic plan. Choose Premium or Family to upgrade.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Feature Comparison on Premium: Current Plan for it, and no way down to Basic', async () => {
    await renderPage({ subscription: PREMIUM });
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    expect(screen.getByRole('button', { name: 'Free Plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade to Family ($14.99/mo)' })).toBeEnabled();
  });

  it('on Family, a move to Premium says Switch, not Upgrade', async () => {
    await renderPage({ subscription: makePremium({ plan: 'family' }) });
    expect(cardButton('Premium')).toHaveTextContent(/^Switch to Premium$/);
    expect(cardButton('Family')).toHaveTextContent('Current Plan');
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    expect(screen.getByRole('button', { name: 'Switch to Premium ($7.99/mo)' })).toBeEnabled();
  });

  it('asks a Family manager with members before switching to Premium, then goes on to the checkout; Go back changes nothing', async () => {
    const family = { role: 'manager', planActive: true, planEndsAt: null, adultConfirmedAt: '2026-03-01T00:00:00.000Z', maxMembers: 5, members: [{}], invitations: [], emailConfigured: false };
    const { calls } = await renderPage({
      subscription: makePremium({ plan: 'family' }),
      routes: { 'GET /api/family': { body: family }, 'POST /api/create-checkout-session': { body: { url: '/checkout/test/chk_9' } } },
    });
    const button = cardButton('Premium');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Premium?' });
    expect(dialog).toHaveTextContent(
      'The member of your family loses the Family plan too and goes back to their own plan (on Basic, scan history keeps 7 days and older scans are deleted), and your parental controls stop.',
    );
    expect(dialog).toHaveTextContent('Your own history then keeps 30 days instead of 90: older scans are deleted.');
    expect(calls.some((c) => c.path === '/api/create-checkout-session')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls.some((c) => c.path === '/api/create-checkout-session')).toBe(false);

    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to Premium' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/create-checkout-session')?.body).toEqual({ priceId: 'premium' }));
  });

  it('asks a Family manager with no members but a waiting invitation before switching, saying it stops working', async () => {
    const family = {
      role: 'manager',
      planActive: true,
      planEndsAt: null,
      adultConfirmedAt: '2026-03-01T00:00:00.000Z',
      maxMembers: 5,
      members: [],
      invitations: [{ id: 'inv-1', email: 'aunt@example.com', createdAt: '2026-03-03T12:00:00.000Z', expiresAt: '2099-03-10T12:00:00.000Z', expired: false }],
      emailConfigured: false,
    };
    await renderPage({ subscription: makePremium({ plan: 'family' }), routes: { 'GET /api/family': { body: family } } });
    await userEvent.click(cardButton('Premium'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Premium?' });
    expect(dialog).toHaveTextContent('Your waiting invitation can no longer be accepted: nobody can join a family without the Family plan.');
    expect(dialog).not.toHaveTextContent('member of your family');
  });

  it("shows this server's daily scan figure, and no limit when it has none", async () => {
    const { unmount } = await renderPage({ subscription: { ...BASIC, basicScansPerDay: 25 } });
    expect(within(card('Basic')).getByText('25 scans a day')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('10 scans a day')).not.toBeInTheDocument();
    expect(screen.getByText('Check every message and link you receive. Basic has 25 scans a day.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    expect(screen.getByRole('row', { name: /Scans per day/ })).toHaveTextContent(/25/);
    unmount();
    await renderPage({ subscription: { ...BASIC, basicScansPerDay: null } });
    expect(within(card('Basic')).queryByText(/scans a day/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unlimited scans' })).not.toBeInTheDocument();
  });

  it('tells a family member they have Family through the family, and sells them nothing', async () => {
    await renderPage({ routes: { 'GET /api/family': { body: { role: 'member', manager: 'parent@example.com', joinedAt: '2026-03-01T00:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: false } } } });
    expect(await screen.findByText("You have the Family plan through parent@example.com's family")).toBeInTheDocument();
    expect(cardButton('Family')).toHaveTextContent('Current Plan');
    expect(cardButton('Premium')).toHaveTextContent('Included in your family');
    expect(cardButton('Premium')).toBeDisabled();
    expect(cardButton('Basic')).toBeDisabled();
  });

  it('tells a Family manager, before cancelling, that the members lose the plan too, and links the Family Dashboard', async () => {
    const family = { role: 'manager', planActive: true, planEndsAt: null, adultConfirmedAt: '2026-03-01T00:00:00.000Z', maxMembers: 5, members: [{}, {}], invitations: [], emailConfigured: false };
    await renderPage({ subscription: makePremium({ plan: 'family' }), routes: { 'GET /api/family': { body: family } } });
    expect(screen.getByRole('link', { name: 'Invite your family and see their alerts on the Family Dashboard' })).toHaveAttribute('href', '/account?tab=family');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' }));
    await waitFor(() => expect(dialog).toHaveTextContent('The 2 members of your family lose the Family plan then too and go back to their own plans (on Basic, scan history keeps 7 days and older scans are deleted), and your parental controls stop.'));
  });

  it('does not promise the money-back guarantee again once it was used', async () => {
    await renderPage({ subscription: makePremium({ moneyBackUsed: true }) });
    expect(screen.getByText(/You have used the 14-day money-back guarantee on this account: it refunds once/)).toBeInTheDocument();
    expect(screen.queryByText('All plans include a 14-day money-back guarantee. You can cancel your subscription at any time.')).not.toBeInTheDocument();
  });

  it("upgrades: 'Processing...' with every button disabled, then on to the test checkout", async () => {
    const { calls, fetchMock, location } = await renderPage({
      routes: { 'POST /api/create-checkout-session': { body: { url: '/checkout/test/chk_1' } } },
    });
    const release = holdNextAnswer(fetchMock);
    await userEvent.click(cardButton('Premium'));
    await waitFor(() => expect(cardButton('Premium')).toHaveTextContent('Processing...'));
    for (const name of ['Basic', 'Premium', 'Family']) expect(cardButton(name)).toBeDisabled();
    expect(cardButton('Family')).toHaveTextContent('Upgrade');
    expect(calls.find((c) => c.path === '/api/create-checkout-session')?.body).toEqual({ priceId: 'premium' });
    release();
    await waitFor(() => expect(location.history.at(-1)).toBe('/checkout/test/chk_1'));
  });

  it('upgrades from the comparison, leaving for Stripe when the server answers its address', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { calls } = await renderPage({
      routes: { 'POST /api/create-checkout-session': { body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } } },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Feature Comparison' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Family ($14.99/mo)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(calls.find((c) => c.path === '/api/create-checkout-session')?.body).toEqual({ priceId: 'family' });
    // still busy while the browser leaves
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it("says 'Upgrade failed' when the checkout cannot be made, and lets the user try again", async () => {
    await renderPage({
      routes: { 'POST /api/create-checkout-session': fail(502, 'PAYMENTS_UNAVAILABLE', 'The payment service did not answer.') },
    });
    await userEvent.click(cardButton('Premium'));
    expect(await screen.findByText('Upgrade failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error creating your checkout session. Please try again.')).toBeInTheDocument();
    expect(cardButton('Premium')).toHaveTextContent('Upgrade');
    for (const name of ['Premium', 'Family']) expect(cardButton(name)).toBeEnabled();
  });

  it("says 'Upgrade failed' when the answer has no address, or one that is not a checkout", async () => {
    let answer: unknown = {};
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderPage({ routes: { 'POST /api/create-checkout-session': () => ({ body: answer }) } });
    await userEvent.click(cardButton('Premium'));
    expect(await screen.findByText('There was an error creating your checkout session. Please try again.')).toBeInTheDocument();
    answer = { url: 'javascript:alert(1)' };
    await userEvent.click(cardButton('Family'));
    await waitFor(() => expect(cardButton('Family')).toBeEnabled());
    expect(screen.getByText('Upgrade failed')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from a completed checkout: the success toast, the query cleared and the plan read again', async () => {
    // as after the test checkout, within the app: the page's earlier answer is in the cache
    let reads = 0;
    const { calls, location } = await renderPage({
      routes: { 'GET /api/subscription': () => ({ body: ++reads === 1 ? BASIC : PREMIUM }) },
    });
    expect(cardButton('Basic')).toHaveTextContent('Current Plan');
    act(() => location.navigate('/subscription?success=true'));
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/subscription');
    expect(location.history).not.toContain('/subscription?success=true');
    expect(await screen.findByText('You are currently subscribed to the Premium plan')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/subscription')).toHaveLength(2);
  });

  it('after a completed checkout, asks again while the payment is being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const { calls } = await renderPage({
        path: '/subscription?success=true',
        routes: { 'GET /api/subscription': () => ({ body: ++reads < 3 ? BASIC : PREMIUM }) },
      });
      expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
      expect(await screen.findByText('Confirming your payment with the payment service…')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(4_500));
      expect(await screen.findByText('You are currently subscribed to the Premium plan')).toBeInTheDocument();
      expect(screen.queryByText('Confirming your payment with the payment service…')).not.toBeInTheDocument();
      const settled = calls.filter((c) => c.path === '/api/subscription').length;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(calls.filter((c) => c.path === '/api/subscription')).toHaveLength(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back from a canceled checkout: the destructive toast and the query cleared', async () => {
    const { location } = await renderPage({ path: '/subscription?canceled=true' });
    const title = await screen.findByText('Subscription canceled');
    expect(screen.getByText('Your subscription process was canceled.')).toBeInTheDocument();
    expect(title.closest('li')).toHaveClass('bg-red-700');
    expect(location.history.at(-1)).toBe('/subscription');
  });

  it('back from a change of plan left unfinished: the plan one has is not said to be canceled', async () => {
    const { location } = await renderPage({ path: '/subscription?canceled=true', subscription: PREMIUM });
    expect(await screen.findByText('Plan not changed')).toBeInTheDocument();
    expect(screen.getByText('You left the checkout: your current plan stays as it was.')).toBeInTheDocument();
    expect(screen.queryByText('Subscription canceled')).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/subscription');
  });

  it('shows no toast without a return from checkout', async () => {
    await renderPage({ path: '/subscription?success=false' });
    expect(screen.queryByText('Subscription successful!')).not.toBeInTheDocument();
    expect(screen.queryByText('Subscription canceled')).not.toBeInTheDocument();
  });

  it('says when the plan could not be loaded, with Retry', async () => {
    let attempt = 0;
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'GET /api/subscription': () => (++attempt === 1 ? fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.') : { body: BASIC }),
    });
    renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByText('We could not load your plan.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Plan Cards' })).toBeInTheDocument();
  });
});

describe('Manage Subscription', () => {
  async function openDialog(subscription: Subscription, routes: Routes = {}) {
    const rendered = await renderPage({ subscription, routes });
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    return { ...rendered, dialog };
  }

  it('within the money-back window on a test server: cancels now after asking (no refund said), then the page is back on Basic', async () => {
    let subscription: Subscription = { ...PREMIUM, refundableUntil: IN_A_WEEK };
    const canceled: Subscription = { ...BASIC, status: 'canceled', currentPeriodEnd: new Date().toISOString() };
    const { dialog, calls } = await openDialog(subscription, {
      'GET /api/subscription': () => ({ body: subscription }),
      'POST /api/subscription/cancel': () => {
        subscription = canceled;
        return { body: { subscription: canceled, refundedCents: 799 } };
      },
    });
    expect(dialog).toHaveAccessibleDescription('You are on the Premium plan ($7.99/month). It renews on March 5, 2026.');
    // a test payment charged no card: nothing is said to be refunded, and no guarantee is offered
    expect(within(dialog).getByRole('heading', { name: 'End your test plan now' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/money-back|get a refund/i)).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Your plan ends now. This server took a test payment: no card was charged, so there is nothing to refund.');
    expect(dialog).toHaveTextContent(`You can do this until ${longDate(IN_A_WEEK)}.`);
    expect(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' })).toBeInTheDocument();
    // a test server has no card to manage
    expect(within(dialog).queryByRole('button', { name: 'Update card and invoices' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('This server uses a test checkout: no card is charged, so there is no card or invoice to manage.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    const question = within(dialog).getByRole('heading', { name: 'Cancel your Premium plan now?' });
    await waitFor(() => expect(question).toHaveFocus());
    expect(calls.some((c) => c.path === '/api/subscription/cancel')).toBe(false);
    // the person is told what happens to their history before they confirm
    expect(dialog).toHaveTextContent('On Basic your history keeps 7 days: older scans are deleted within the hour.');
    const familyReadsBefore = calls.filter((c) => c.method === 'GET' && c.path === '/api/family').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel now' }));

    expect(await screen.findByText('Plan canceled')).toBeInTheDocument();
    expect(screen.getByText('This was a test payment: no card was charged. You are now on the free Basic plan.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/subscription/cancel')?.body).toEqual({ refund: true });
    // the plan changed: what follows it is read again (the family's dashboard opens and closes with it, the history's window)
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/family').length).toBeGreaterThan(familyReadsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Your subscription' })).not.toBeInTheDocument();
    expect(cardButton('Basic')).toHaveTextContent('Current Plan');
    // the button that opened the dialog is gone: focus goes to the page's heading
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('Go back leaves the plan as it is', async () => {
    const { dialog, calls } = await openDialog({ ...PREMIUM, refundableUntil: IN_A_WEEK });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel now' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('after the money-back window: no refund offered; cancels at the period end after asking', async () => {
    let subscription: Subscription = PREMIUM;
    const { dialog, calls } = await openDialog(subscription, {
      'GET /api/subscription': () => ({ body: subscription }),
      'POST /api/subscription/cancel': () => {
        subscription = { ...PREMIUM, cancelAtPeriodEnd: true };
        return { body: { subscription, refundedCents: 0 } };
      },
    });
    expect(within(dialog).queryByRole('button', { name: 'Cancel now' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(within(dialog).getByRole('heading', { name: 'Cancel your Premium plan at the end of the period?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You keep Premium until March 5, 2026. After that you are on the free Basic plan and nothing more is charged.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel at period end' }));

    expect(await screen.findByText('Cancellation scheduled')).toBeInTheDocument();
    expect(screen.getByText('Your Premium plan ends on March 5, 2026. You will not be charged again.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/subscription/cancel')?.body).toEqual({ refund: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Your subscription' })).toHaveTextContent('Your subscription ends on March 5, 2026 and will not renew.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Manage Subscription' })).toHaveFocus());
  });

  it('a plan canceled at the period end can be kept', async () => {
    let subscription: Subscription = { ...PREMIUM, cancelAtPeriodEnd: true };
    const { dialog, calls } = await openDialog(subscription, {
      'GET /api/subscription': () => ({ body: subscription }),
      'POST /api/subscription/resume': () => {
        subscription = PREMIUM;
        return { body: PREMIUM };
      },
    });
    expect(dialog).toHaveAccessibleDescription('You are on the Premium plan ($7.99/month). It ends on March 5, 2026 and will not renew.');
    expect(within(dialog).queryByRole('button', { name: 'Cancel at the end of the period' })).not.toBeInTheDocument();
    // the plan still runs: it is not said to be canceled already
    expect(within(dialog).getByRole('heading', { name: 'Your plan will not renew' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You keep Premium until March 5, 2026, then move to the free Basic plan.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Plan kept')).toBeInTheDocument();
    expect(screen.getByText('Your Premium plan renews on March 5, 2026.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/subscription/resume')).toBe(true);
    expect(screen.getByText('Your subscription renews on March 5, 2026')).toBeInTheDocument();
  });

  it('on Stripe: says what was refunded to the card', async () => {
    let subscription: Subscription = { ...PREMIUM, provider: 'stripe', refundableUntil: IN_A_WEEK };
    const { dialog } = await openDialog(subscription, {
      'GET /api/subscription': () => ({ body: subscription }),
      'POST /api/subscription/cancel': () => {
        subscription = { ...BASIC, provider: 'stripe', status: 'canceled' };
        return { body: { subscription, refundedCents: 799 } };
      },
    });
    expect(dialog).toHaveTextContent('Your plan ends now. What you paid is refunded to your card.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and get a refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(await screen.findByText('Plan canceled and refunded')).toBeInTheDocument();
    expect(screen.getByText('$7.99 is refunded to your card. You are now on the free Basic plan.')).toBeInTheDocument();
  });

  it("on Stripe: opens Stripe's portal for the card and invoices", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { dialog } = await openDialog(
      { ...PREMIUM, provider: 'stripe' },
      { 'POST /api/subscription/portal': { body: { url: 'https://billing.stripe.com/p/session/test_1' } } },
    );
    expect(dialog).not.toHaveTextContent('test checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update card and invoices' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  });

  it("shows the server's reason when a refund is refused, and reads the plan again", async () => {
    const message = 'The 14-day money-back window has closed. You can still cancel: your plan then ends when the period you paid for does.';
    const { dialog, calls } = await openDialog(
      { ...PREMIUM, provider: 'stripe', refundableUntil: IN_A_WEEK },
      { 'POST /api/subscription/cancel': fail(409, 'REFUND_WINDOW_CLOSED', message) },
    );
    const reads = calls.filter((c) => c.path === '/api/subscription').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and get a refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(await screen.findByText('Cancel failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/subscription').length).toBeGreaterThan(reads));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

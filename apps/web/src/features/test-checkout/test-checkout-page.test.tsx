import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import type { TestCheckout } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { paths } from '@/config/paths';
import TestCheckoutPage from './test-checkout-page';

afterEach(() => vi.unstubAllGlobals());

const OPEN: TestCheckout = {
  id: 'chk_1',
  plan: 'premium',
  fromPlan: 'basic',
  price: 7.99,
  status: 'open',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

const fail = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

function renderCheckout(routes: Parameters<typeof mockApi>[0], id = 'chk_1') {
  const api = mockApi(routes);
  const rendered = renderWithApp(<Route path={paths.testCheckout} component={TestCheckoutPage} />, { path: `/checkout/test/${id}` });
  return { ...api, ...rendered };
}

describe('TestCheckoutPage', () => {
  it('says plainly that it is a test where no card is charged, with the plan, its price and what happens', async () => {
    const { calls } = renderCheckout({ 'GET /api/test-checkout/chk_1': { body: OPEN } });
    expect(screen.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the checkout…');
    expect(await screen.findByRole('heading', { level: 2, name: 'TEST checkout: no card is charged' })).toBeInTheDocument();
    expect(screen.getByText(/This server has no payment service set up/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Premium plan' })).toBeInTheDocument();
    expect(screen.getByText('$7.99')).toBeInTheDocument();
    expect(screen.getByText(/Your Premium plan starts now and renews every month until you cancel\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete test payment' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel test payment' })).toBeEnabled();
    // not a real checkout: nothing asks for a card
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/test-checkout/chk_1');
  });

  it('says a change of plan is a switch from the plan the person is on', async () => {
    renderCheckout({ 'GET /api/test-checkout/chk_1': { body: { ...OPEN, plan: 'family', fromPlan: 'premium', price: 14.99 } } });
    expect(await screen.findByText(/You switch from the Premium plan to the Family plan at once\./)).toBeInTheDocument();
    expect(screen.getByText('$14.99')).toBeInTheDocument();
    expect(screen.queryByText(/older scans are deleted/)).not.toBeInTheDocument();
  });

  it("tells a Family manager leaving Family that the family's members lose it too", async () => {
    const family = { role: 'manager', planActive: true, planEndsAt: null, adultConfirmedAt: '2026-03-01T00:00:00.000Z', maxMembers: 5, members: [{}, {}], invitations: [], emailConfigured: false };
    renderCheckout({ 'GET /api/test-checkout/chk_1': { body: { ...OPEN, fromPlan: 'family' } }, 'GET /api/family': { body: family } });
    expect(
      await screen.findByText(
        'The 2 members of your family lose the Family plan too and go back to their own plans (on Basic, scan history keeps 7 days and older scans are deleted), and your parental controls stop.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of members to a Family manager with none, nor to anyone leaving another plan', async () => {
    const family = { role: 'manager', planActive: true, planEndsAt: null, adultConfirmedAt: '2026-03-01T00:00:00.000Z', maxMembers: 5, members: [], invitations: [], emailConfigured: false };
    renderCheckout({ 'GET /api/test-checkout/chk_1': { body: { ...OPEN, fromPlan: 'family' } }, 'GET /api/family': { body: family } });
    expect(await screen.findByText(/You switch from the Family plan to the Premium plan at once/)).toBeInTheDocument();
    expect(screen.queryByText(/members of your family/)).not.toBeInTheDocument();
  });

  it('says a move to a plan with a shorter history deletes older scans', async () => {
    renderCheckout({ 'GET /api/test-checkout/chk_1': { body: { ...OPEN, plan: 'premium', fromPlan: 'family', price: 7.99 } } });
    expect(await screen.findByText(/Your history then keeps 30 days instead of 90: older scans are deleted\./)).toBeInTheDocument();
  });

  it('completes the test payment, busy meanwhile, then goes where the server says', async () => {
    const { calls, fetchMock, location } = renderCheckout({
      'GET /api/test-checkout/chk_1': { body: OPEN },
      'POST /api/test-checkout/chk_1/complete': { body: { url: '/subscription?success=true' } },
    });
    await screen.findByRole('button', { name: 'Complete test payment' });
    let release: () => void = () => {};
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (input, init) => {
      const answer = await original(input, init);
      return new Promise<Response>((resolve) => (release = () => resolve(answer)));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Complete test payment' }));
    expect(await screen.findByRole('button', { name: 'Completing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel test payment' })).toBeDisabled();
    release();
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscription?success=true'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/test-checkout/chk_1/complete')).toBe(true);
  });

  it('cancels the test payment and goes back', async () => {
    const { calls, location } = renderCheckout({
      'GET /api/test-checkout/chk_1': { body: OPEN },
      'POST /api/test-checkout/chk_1/cancel': { body: { url: '/subscription?canceled=true' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel test payment' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscription?canceled=true'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/test-checkout/chk_1/cancel')).toBe(true);
  });

  it("shows the server's sentence when the checkout closed meanwhile, with the way back", async () => {
    const message = 'This checkout is already finished. Start again from the Upgrade page if you want another plan.';
    renderCheckout({
      'GET /api/test-checkout/chk_1': { body: OPEN },
      'POST /api/test-checkout/chk_1/complete': fail(409, 'CHECKOUT_CLOSED', message),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Complete test payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Upgrade Your Protection' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('button', { name: 'Complete test payment' })).toBeEnabled();
  });

  it('an unknown checkout: a clear sentence and the way back, no buttons', async () => {
    const message = 'This checkout does not exist, has expired or belongs to someone else. Start again from the Upgrade page.';
    renderCheckout({ 'GET /api/test-checkout/nope': fail(404, 'CHECKOUT_NOT_FOUND', message) }, 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Upgrade Your Protection' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: 'Complete test payment' })).not.toBeInTheDocument();
  });

  it.each([
    ['complete', 'This checkout is already complete: its plan is on your account.'],
    ['canceled', 'This checkout was canceled. Nothing was charged.'],
    ['expired', 'This checkout has expired. Nothing was charged.'],
  ] as const)('a %s checkout says so, with the way back and no buttons', async (status, sentence) => {
    renderCheckout({ 'GET /api/test-checkout/chk_1': { body: { ...OPEN, status } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByRole('link', { name: 'Back to Upgrade Your Protection' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: 'Complete test payment' })).not.toBeInTheDocument();
  });

  it('a checkout that could not be loaded offers Retry', async () => {
    let attempt = 0;
    renderCheckout({
      'GET /api/test-checkout/chk_1': () => (++attempt === 1 ? fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.') : { body: OPEN }),
    });
    expect(await screen.findByText('We could not load this checkout.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Complete test payment' })).toBeInTheDocument();
  });
});

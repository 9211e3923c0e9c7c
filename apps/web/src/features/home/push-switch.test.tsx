import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertChannels } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { SETTINGS, failWith } from '@/testing/fixtures';
import { NOTHING_SET_UP, VAPID_PUBLIC_KEY, installFakePush, makeChannels, removeFakePush } from '@/testing/notifications';
import { decodeBase64Url } from '@/lib/web-push';
import { ProtectionStatusPanel } from './protection-status';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakePush();
  localStorage.clear();
});

/** The home panel's server: protection settings, the channels, and web push subscriptions. */
function mockServer({ channels = makeChannels(), refuse = false }: { channels?: AlertChannels; refuse?: boolean } = {}) {
  return mockApi({
    'GET /api/protection-settings': { body: SETTINGS },
    'GET /api/plugins': { body: {} },
    'GET /api/notifications/channels': { body: channels },
    'POST /api/push-subscriptions': () =>
      refuse
        ? failWith(400, 'PUSH_ENDPOINT_REFUSED', "This browser's push service is not one Baitcheck sends to. Try another browser, or choose email alerts in Settings → Notifications.")
        : { body: makeChannels({ webPush: { available: true, publicKey: VAPID_PUBLIC_KEY, devices: 1 } }) },
    'DELETE /api/push-subscriptions': { body: makeChannels() },
  });
}

const pushCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/push-subscriptions'));

async function pushSwitch() {
  return screen.findByRole('switch', { name: 'Push Notifications' });
}

describe('Home, Push Notifications switch', () => {
  it("says so in a browser that can't receive push, and stays off when switched (logged, no toast, no call)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(push).toHaveAccessibleDescription("This browser can't receive push alerts");

    await userEvent.click(push);
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Notifications enabled')).not.toBeInTheDocument();
    // not even the channels are asked for: nothing here could use them
    expect(calls.filter((c) => c.path.startsWith('/api/notifications') || c.path.startsWith('/api/push'))).toEqual([]);
  });

  it('when the person blocks the permission, stays off and says it is blocked in the browser (logged only)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = installFakePush({ permission: 'default', answer: 'denied' });
    const { calls } = mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(push).toHaveAccessibleDescription('Real-time phishing alerts'));

    await userEvent.click(push);
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(push).toHaveAccessibleDescription("Blocked in this browser's settings"));
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(error).toHaveBeenCalled();
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(pushCalls(calls)).toEqual([]);
    expect(screen.queryByText('Notifications enabled')).not.toBeInTheDocument();
  });

  it('says it is blocked from the start when the browser already denied it', async () => {
    installFakePush({ permission: 'denied' });
    mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(push).toHaveAccessibleDescription("Blocked in this browser's settings"));
    expect(push).toHaveAttribute('aria-checked', 'false');
  });

  it('with permission granted, subscribes with the server key, sends the subscription and shows the spec toast; off unsubscribes and tells the server', async () => {
    const fake = installFakePush({ permission: 'default', answer: 'granted' });
    const { calls } = mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notifications/channels')).toBe(true));

    await userEvent.click(push);
    expect(await screen.findByText('Notifications enabled')).toBeInTheDocument();
    expect(screen.getByText("You'll receive real-time phishing alerts.")).toBeInTheDocument();
    expect(push).toHaveAttribute('aria-checked', 'true');
    expect(within(push.closest('div.flex') as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(fake.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = fake.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...decodeBase64Url(VAPID_PUBLIC_KEY)]);
    expect(pushCalls(calls).map((c) => [c.method, c.body])).toEqual([
      ['POST', { endpoint: fake.endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }],
    ]);

    await userEvent.click(push);
    expect(await screen.findByText('Notifications disabled')).toBeInTheDocument();
    expect(screen.getByText("You won't receive real-time phishing alerts.")).toBeInTheDocument();
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(fake.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushCalls(calls).map((c) => [c.method, c.body])).toEqual([
      ['POST', expect.anything()],
      ['DELETE', { endpoint: fake.endpoint }],
    ]);
  });

  it('shows on when this browser is already subscribed', async () => {
    installFakePush({ permission: 'granted', subscribed: true });
    mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(push).toHaveAttribute('aria-checked', 'true'));
  });

  it('on a server without web push, says so and asks no permission', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = installFakePush();
    const { calls } = mockServer({ channels: NOTHING_SET_UP });
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(push).toHaveAccessibleDescription('Push alerts are not set up on this server'));
    await userEvent.click(push);
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(fake.requestPermission).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    expect(pushCalls(calls)).toEqual([]);
  });

  it("when the server refuses this browser's push service, stays off, says why, and drops the browser's subscription", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = installFakePush({ permission: 'granted' });
    mockServer({ refuse: true });
    renderWithApp(<ProtectionStatusPanel />);
    const push = await pushSwitch();
    await waitFor(() => expect(push).toHaveAccessibleDescription('Real-time phishing alerts'));
    await userEvent.click(push);
    await waitFor(() => expect(push).toHaveAccessibleDescription(/^This browser's push service is not one Baitcheck sends to\./));
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(fake.subscription.unsubscribe).toHaveBeenCalled();
    expect(screen.queryByText('Notifications enabled')).not.toBeInTheDocument();
  });

  it('forgets the old local-only switch', async () => {
    localStorage.setItem('baitcheck.pushNotifications', 'off');
    mockServer();
    renderWithApp(<ProtectionStatusPanel />);
    await pushSwitch();
    expect(localStorage.getItem('baitcheck.pushNotifications')).toBeNull();
  });
});

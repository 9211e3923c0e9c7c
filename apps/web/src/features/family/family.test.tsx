import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyDashboard, FamilyInvitationCreated, FamilyView, ManagedFamily, ProtectionSettings } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { ACCOUNT, BASIC_SUBSCRIPTION, GUEST, failWith } from '@/testing/fixtures';
import { CHANNEL_SWITCHES, MANAGED_NOTE, ProtectionSwitches } from '@/components/protection-switches';
import AccountRoute from '@/app/account-route';
import { FamilyTab } from './family-tab';
import { MemberFamilyCard } from './member-family-card';
import FamilyJoinPage, { INCOMPLETE_LINK, readInvitationToken } from './join-page';
import { ADULT_REQUIRED } from './invite-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const TOKEN = 'A'.repeat(20) + 'b_-'.repeat(7) + 'z'.repeat(2);
const SETTINGS: ProtectionSettings = { smsProtection: true, emailProtection: true, socialMediaProtection: true, onDeviceScanning: false };
const CAN_CREATE: FamilyView = { role: 'none', canCreate: true, emailConfigured: false };
const KID = { userId: 'u-kid', email: 'kid@example.com', joinedAt: '2026-03-01T12:00:00.000Z', protection: SETTINGS, protectionManaged: false };
const GRANDPA = { userId: 'u-grandpa', email: 'grandpa@example.com', joinedAt: '2026-03-02T12:00:00.000Z', protection: SETTINGS, protectionManaged: true };

function managed(overrides: Partial<ManagedFamily> = {}): ManagedFamily {
  return {
    role: 'manager',
    planActive: true,
    planEndsAt: null,
    adultConfirmedAt: '2026-03-01T10:00:00.000Z',
    maxMembers: 5,
    members: [KID, GRANDPA],
    invitations: [{ id: 'inv-1', email: 'aunt@example.com', createdAt: '2026-03-03T12:00:00.000Z', expiresAt: '2026-03-10T12:00:00.000Z', expired: false }],
    emailConfigured: false,
    ...overrides,
  };
}

const DASHBOARD: FamilyDashboard = {
  windowDays: 30,
  members: [
    {
      userId: 'u-kid',
      email: 'kid@example.com',
      counts: { phishing: 2, suspicious: 1, safe: 7 },
      alerts: [
        { scanDate: '2026-03-04T15:04:00.000Z', source: 'sms', threatLevel: 'phishing' },
        { scanDate: '2026-03-03T09:00:00.000Z', source: 'email', threatLevel: 'suspicious' },
        // checked on the member's phone: only the verdict reached the server, with no channel
        { scanDate: '2026-03-02T08:00:00.000Z', source: null, threatLevel: 'phishing' },
      ],
    },
    { userId: 'u-grandpa', email: 'grandpa@example.com', counts: { phishing: 0, suspicious: 0, safe: 0 }, alerts: [] },
  ],
};

const created = (delivery: FamilyInvitationCreated['delivery']): FamilyInvitationCreated => ({
  invitation: { id: 'inv-9', email: 'nan@example.com', createdAt: '2026-03-05T12:00:00.000Z', expiresAt: '2026-03-12T12:00:00.000Z', expired: false },
  delivery,
  link: delivery === 'emailed' ? null : `http://localhost:5000/family/join#${TOKEN}`,
});

describe('Family Dashboard tab: starting a family', () => {
  it('asks the manager to state they are 18 or over before the first invitation, then shows the link to copy', async () => {
    let view: FamilyView = CAN_CREATE;
    const api = mockApi({
      'GET /api/family': () => ({ body: view }),
      'POST /api/family/invitations': () => {
        view = managed({ members: [], invitations: [created('not-configured').invitation] });
        return { status: 201, body: created('not-configured') };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Family Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Never what a message says or who sent it/)).toBeInTheDocument();
    expect(screen.getByText(/Email is not configured on this server/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email of the person to invite'), 'nan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(ADULT_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' })).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const heading = await screen.findByRole('heading', { name: 'Invitation for nan@example.com' });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'nan@example.com', adultConfirmed: true });
    // the dashboard replaced the start, and the link is still shown, with focus on it
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Email is not configured on this server, so no email was sent/)).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation link')).toHaveValue(`http://localhost:5000/family/join#${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`http://localhost:5000/family/join#${TOKEN}`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('says an emailed invitation was emailed, with no link, and shows the server’s refusal under the field', async () => {
    mockApi({
      'GET /api/family': { body: managed({ emailConfigured: true }) },
      'GET /api/family/dashboard': { body: DASHBOARD },
      'POST /api/family/invitations': (call: RecordedCall) =>
        (call.body as { email: string }).email === 'kid@example.com'
          ? failWith(409, 'FAMILY_ALREADY_MEMBER', 'This person is already in your family.')
          : { status: 201, body: created('emailed') },
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    const field = await screen.findByLabelText('Email of the person to invite');
    expect(screen.queryByText(/Email is not configured/)).not.toBeInTheDocument();
    await user.type(field, 'kid@example.com');
    // sent with the button, from the keyboard: after the refusal the focus is on the field, not lost to the page
    await user.tab();
    const send = screen.getByRole('button', { name: 'Send invitation' });
    expect(send).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This person is already in your family.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'nan@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Invitation emailed to nan@example.com' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Invitation link')).not.toBeInTheDocument();
    // no adult statement is asked again once the family exists
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('Family Dashboard tab: the manager', () => {
  it("shows each member's counts and threats (date, channel, level), never a message", async () => {
    mockApi({ 'GET /api/family': { body: managed() }, 'GET /api/family/dashboard': { body: DASHBOARD } });
    renderWithApp(<FamilyTab />);
    const kid = (await screen.findByRole('heading', { level: 4, name: 'kid@example.com' })).closest('article')!;
    const count = (level: string) => within(kid).getByText(level, { selector: 'dt' }).nextSibling;
    await waitFor(() => expect(count('Phishing')).toHaveTextContent('2'));
    expect(count('Suspicious')).toHaveTextContent('1');
    expect(count('Safe')).toHaveTextContent('7');
    const threats = within(kid).getByRole('list', { name: 'Threats found' });
    const items = within(threats).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual(['2026-03-04T15:04:00.000Z', '2026-03-03T09:00:00.000Z', '2026-03-02T08:00:00.000Z']);
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/ · SMSPhishing$/), expect.stringMatching(/ · EmailSuspicious$/), expect.stringMatching(/ · Checked on their devicePhishing$/)]);
    const grandpa = screen.getByRole('heading', { level: 4, name: 'grandpa@example.com' }).closest('article')!;
    expect(within(grandpa).getByText('No threats found in the last 30 days.')).toBeInTheDocument();
    expect(within(grandpa).getByText('Switches set by you')).toBeInTheDocument();
    expect(screen.getByText('3 of 5 people, you included, and 1 invitation waiting.')).toBeInTheDocument();
    expect(screen.getByText('Link works until March 10, 2026')).toBeInTheDocument();
  });

  it('says when the family is full, and when the plan has ended', async () => {
    const full = managed({ members: [KID, GRANDPA, { ...KID, userId: 'u3', email: 'c@example.com' }] });
    mockApi({ 'GET /api/family': { body: full }, 'GET /api/family/dashboard': { body: DASHBOARD } });
    renderWithApp(<FamilyTab />);
    expect(await screen.findByText(/Your family is full: 5 people/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email of the person to invite')).not.toBeInTheDocument();
  });

  it('warns that an ended plan took the family plan from the members, and offers no controls', async () => {
    const api = mockApi({ 'GET /api/family': { body: managed({ planActive: false }) } });
    renderWithApp(<FamilyTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Family plan has ended');
    expect(screen.getByRole('link', { name: 'Renew the Family plan' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: /Parental controls/ })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/family/dashboard')).toBe(false);
  });

  it('removes a member after asking, then focus goes to the Members heading', async () => {
    let view = managed();
    const api = mockApi({
      'GET /api/family': () => ({ body: view }),
      'GET /api/family/dashboard': { body: DASHBOARD },
      'DELETE /api/family/members/u-kid': () => {
        view = managed({ members: [GRANDPA] });
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    await user.click(await screen.findByRole('button', { name: 'Remove kid@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove kid@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove kid@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 4, name: 'kid@example.com' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Members' })).toHaveFocus());
    expect(screen.getByText('Member removed')).toBeInTheDocument();
  });

  it('cancels an invitation after asking', async () => {
    let view = managed();
    const api = mockApi({
      'GET /api/family': () => ({ body: view }),
      'GET /api/family/dashboard': { body: DASHBOARD },
      'DELETE /api/family/invitations/inv-1': () => {
        view = managed({ invitations: [] });
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation for aunt@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('No invitations waiting.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/family/invitations/inv-1']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Invitations' })).toHaveFocus());
  });

  it("sets a member's switches and makes them the manager's, with the keyboard", async () => {
    const api = mockApi({
      'GET /api/family': { body: managed() },
      'GET /api/family/dashboard': { body: DASHBOARD },
      'PATCH /api/family/members/u-kid/protection': (call: RecordedCall) => ({ body: { protection: { ...SETTINGS, ...(call.body as { settings: object }).settings }, protectionManaged: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    const trigger = await screen.findByRole('button', { name: 'Parental controls for kid@example.com' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Parental controls' });
    const sms = within(dialog).getByRole('switch', { name: 'SMS Protection' });
    expect(sms).toBeChecked();
    sms.focus();
    await user.keyboard(' ');
    expect(sms).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Only I can change these switches' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ settings: { ...SETTINGS, smsProtection: false }, managed: true });
    expect(screen.getByText('Parental controls saved')).toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('says the switches watch nothing incoming yet, and the on-device switch is the manager\'s to set', async () => {
    mockApi({ 'GET /api/family': { body: managed() }, 'GET /api/family/dashboard': { body: DASHBOARD } });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    await user.click(await screen.findByRole('button', { name: 'Parental controls for kid@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parental controls' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'These switches decide whether the texts, inbox and social feed kid@example.com connected in Settings, Plugins are checked as messages arrive. Whatever kid@example.com pastes into Scan is always checked.',
    );
    expect(within(dialog).getByRole('switch', { name: 'On-Device Scanning' })).toBeEnabled();
    expect(within(dialog).getByRole('switch', { name: 'On-Device Scanning' })).toHaveAccessibleDescription('Messages they scan are checked on their device, without being sent to Baitcheck.');
    expect(within(dialog).getByRole('switch', { name: 'SMS Protection' })).toBeEnabled();
  });

  it('says an ended plan stops anyone joining, without speaking of members there are not', async () => {
    mockApi({ 'GET /api/family': { body: managed({ planActive: false, members: [] }) } });
    renderWithApp(<FamilyTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Family plan has ended, so nobody can join your family until it is renewed.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('your members');
  });

  it('says when a Family plan that will not renew ends, and what the members lose then', async () => {
    mockApi({ 'GET /api/family': { body: managed({ planEndsAt: '2026-04-05T12:00:00.000Z' }) }, 'GET /api/family/dashboard': { body: DASHBOARD } });
    renderWithApp(<FamilyTab />);
    expect(await screen.findByText(/Your Family plan ends on April 5, 2026 and will not renew\./)).toHaveTextContent(
      'Then your members go back to their own plans (on Basic, scan history keeps 7 days and older scans are deleted), and your parental controls stop.',
    );
    expect(screen.getByRole('link', { name: 'Keep the Family plan' })).toHaveAttribute('href', '/subscription');
    // the plan still runs until then: the controls stay
    expect(screen.getByRole('button', { name: 'Parental controls for kid@example.com' })).toBeInTheDocument();
  });

  it('ends a family with no members left', async () => {
    let view: FamilyView = managed({ members: [], invitations: [] });
    const api = mockApi({
      'GET /api/family': () => ({ body: view }),
      'POST /api/family/leave': () => {
        view = CAN_CREATE;
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyTab />);
    await user.click(await screen.findByRole('button', { name: 'End family' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End family' }));
    expect(await screen.findByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/family/leave')).toBe(true);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Family Dashboard' })).toHaveFocus());
  });
});

describe('a member', () => {
  const MEMBER: FamilyView = { role: 'member', manager: 'mum@example.com', joinedAt: '2026-03-01T12:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: true };

  it('sees whose family it is, what the manager sees, and leaves after asking', async () => {
    let view: FamilyView = MEMBER;
    mockApi({
      'GET /api/family': () => ({ body: view }),
      'POST /api/family/leave': () => {
        view = { role: 'none', canCreate: false, emailConfigured: false };
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<MemberFamilyCard />);
    expect(await screen.findByText("You are in mum@example.com's family since March 1, 2026.")).toBeInTheDocument();
    expect(screen.getByText(/You have the Family plan through this family/)).toBeInTheDocument();
    expect(screen.getByText(/mum@example.com sets your protection switches/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave family' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Leave mum@example.com's family?" })).getByRole('button', { name: 'Leave family' }));
    const left = await screen.findByRole('heading', { name: "You left mum@example.com's family" });
    await waitFor(() => expect(left).toHaveFocus());
  });

  it("is told when the manager's Family plan ends, when it will not renew", async () => {
    mockApi({ 'GET /api/family': { body: { ...MEMBER, planEndsAt: '2026-04-05T12:00:00.000Z' } } });
    renderWithApp(<MemberFamilyCard />);
    expect(await screen.findByText(/Family plan ends on/)).toHaveTextContent(
      "mum@example.com's Family plan ends on April 5, 2026 and will not renew. Then you go back to your own plan (on Basic, scan history keeps 7 days and older scans are deleted), and your switches are yours again.",
    );
  });

  it('sees their protection switches read-only while the manager sets them', async () => {
    const api = mockApi({ 'GET /api/family': { body: MEMBER }, 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/plugins': { body: {} } });
    renderWithApp(<ProtectionSwitches items={CHANNEL_SWITCHES} />);
    expect(await screen.findByRole('note')).toHaveTextContent(MANAGED_NOTE);
    for (const s of screen.getAllByRole('switch')) expect(s).toBeDisabled();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('keeps switches of their own while nobody manages them', async () => {
    mockApi({ 'GET /api/family': { body: { ...MEMBER, protectionManaged: false } }, 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/plugins': { body: {} } });
    renderWithApp(<ProtectionSwitches items={CHANNEL_SWITCHES} />);
    await waitFor(() => expect(screen.getAllByRole('switch')).toHaveLength(3));
    for (const s of screen.getAllByRole('switch')) expect(s).toBeEnabled();
    expect(screen.queryByText(MANAGED_NOTE)).not.toBeInTheDocument();
  });
});

describe('the Account page', () => {
  const routes = { 'GET /api/auth/me': { body: { user: ACCOUNT } }, 'GET /api/subscription': { body: BASIC_SUBSCRIPTION } };

  it('shows the Family Dashboard tab to a manager and to someone on Family, not to others', async () => {
    mockApi({ ...routes, 'GET /api/family': { body: managed() }, 'GET /api/family/dashboard': { body: DASHBOARD } });
    const user = userEvent.setup();
    const first = renderWithApp(<AccountRoute />, { path: '/account' });
    await user.click(await screen.findByRole('tab', { name: 'Family Dashboard' }));
    expect(await screen.findByRole('heading', { level: 4, name: 'kid@example.com' })).toBeInTheDocument();
    first.unmount();

    mockApi({ ...routes, 'GET /api/family': { body: { role: 'none', canCreate: false, emailConfigured: false } } });
    renderWithApp(<AccountRoute />, { path: '/account' });
    await screen.findByRole('heading', { level: 2, name: 'sam@example.com' });
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(3));
    expect(screen.queryByRole('tab', { name: 'Family Dashboard' })).not.toBeInTheDocument();
  });

  it("shows a member their plan as the family's, and their family card with Leave", async () => {
    mockApi({ ...routes, 'GET /api/family': { body: { role: 'member', manager: 'mum@example.com', joinedAt: '2026-03-01T12:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: false } } });
    renderWithApp(<AccountRoute />, { path: '/account' });
    expect(await screen.findByText("Family · through mum@example.com's family")).toBeInTheDocument();
    expect(screen.queryByText('Basic · Free')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your family' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave family' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Family Dashboard' })).not.toBeInTheDocument();
  });

  it('opens on the Family Dashboard from /account?tab=family', async () => {
    mockApi({ ...routes, 'GET /api/family': { body: CAN_CREATE } });
    renderWithApp(<AccountRoute />, { path: '/account?tab=family' });
    expect(await screen.findByRole('tab', { name: 'Family Dashboard', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' })).toBeInTheDocument();
  });
});

describe('the invitation page', () => {
  beforeEach(() => {
    window.location.hash = `#${TOKEN}`;
  });

  it('reads the token from the fragment only when it is whole', () => {
    expect(readInvitationToken(`#${TOKEN}`)).toBe(TOKEN);
    expect(readInvitationToken(`#${TOKEN.slice(1)}`)).toBeNull();
    expect(readInvitationToken('')).toBeNull();
    expect(readInvitationToken(`#${TOKEN.slice(1)}!`)).toBeNull();
  });

  it('asks a guest to sign in or create an account on the page, then accepts and goes to the Account page', async () => {
    let user_ = GUEST;
    const api = mockApi({
      'GET /api/auth/me': () => ({ body: { user: user_ } }),
      'POST /api/family/invitations/preview': { body: { inviter: 'mum@example.com', email: 'kid@example.com', expiresAt: '2026-03-12T12:00:00.000Z' } },
      'POST /api/auth/sign-up': () => {
        user_ = { ...ACCOUNT, email: 'kid@example.com' };
        return { status: 201, body: { user: user_ } };
      },
      'POST /api/family/join': { body: { role: 'member', manager: 'mum@example.com', joinedAt: '2026-03-05T12:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: false } },
    });
    const user = userEvent.setup();
    const { location } = renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByRole('heading', { level: 2, name: 'mum@example.com invited you to join their family on Baitcheck' })).toBeInTheDocument();
    expect(screen.getByText(/Never what a message says or who sent it/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/family/invitations/preview')?.body).toEqual({ token: TOKEN });
    // the token never goes into a URL the server sees
    expect(api.calls.every((c) => !c.path.includes(TOKEN))).toBe(true);

    expect(screen.getByRole('heading', { level: 3, name: 'Sign in or create an account to accept' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'kid@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const accept = await screen.findByRole('button', { name: 'Accept invitation' });
    await waitFor(() => expect(accept).toHaveFocus());
    expect(window.location.hash).toBe(`#${TOKEN}`);
    await user.click(accept);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account'));
    expect(api.calls.find((c) => c.path === '/api/family/join')?.body).toEqual({ token: TOKEN });
  });

  it('says why a link no longer works, and what to do', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'POST /api/family/invitations/preview': failWith(409, 'FAMILY_INVITATION_USED', 'This invitation has already been used. Ask the person who invited you for a new one.'),
    });
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has already been used. Ask the person who invited you for a new one.');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('shows the refusal of an accept (already in a family) and stays', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'POST /api/family/invitations/preview': { body: { inviter: 'mum@example.com', email: 'sam@example.com', expiresAt: '2026-03-12T12:00:00.000Z' } },
      'POST /api/family/join': failWith(409, 'FAMILY_ALREADY_IN_FAMILY', 'You are already in a family. Leave it on your Account page before joining another.'),
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already in a family.');
  });

  it('says whom the invitation was sent to, and warns when another account is signed in', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'POST /api/family/invitations/preview': { body: { inviter: 'mum@example.com', email: 'Kid@Example.com', expiresAt: '2026-03-12T12:00:00.000Z' } },
    });
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByText(/^Sent to/)).toHaveTextContent('Sent to Kid@Example.com.');
    expect(screen.getByText(/^You are signed in as/)).toHaveTextContent('You are signed in as sam@example.com.');
    expect(screen.getByRole('note')).toHaveTextContent(
      "This invitation was sent to Kid@Example.com, not to the account you are signed in with. Accepting joins sam@example.com to mum@example.com's family.",
    );
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });

  it('says before Accept that someone already in a family must leave it first, and keeps the focus on Accept when refused', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'GET /api/family': { body: { role: 'member', manager: 'dad@example.com', joinedAt: '2026-03-01T12:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: false } },
      'POST /api/family/invitations/preview': { body: { inviter: 'mum@example.com', email: 'sam@example.com', expiresAt: '2026-03-12T12:00:00.000Z' } },
      'POST /api/family/join': failWith(409, 'FAMILY_ALREADY_IN_FAMILY', 'You are already in a family. Leave it on your Account page before joining another.'),
    });
    const user = userEvent.setup();
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByRole('note')).toHaveTextContent("You are already in dad@example.com's family. To join this one, leave that family on your Account page first.");
    const accept = screen.getByRole('button', { name: 'Accept invitation' });
    accept.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already in a family.');
    expect(accept).toHaveFocus();
  });

  it('gives no warning when the invited address is the signed-in one, whatever its case', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'POST /api/family/invitations/preview': { body: { inviter: 'mum@example.com', email: 'SAM@example.com', expiresAt: '2026-03-12T12:00:00.000Z' } },
    });
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says a cut link is not complete, asking the server nothing', async () => {
    window.location.hash = '#abc';
    const api = mockApi({ 'GET /api/auth/me': { body: { user: GUEST } } });
    renderWithApp(<FamilyJoinPage />, { path: '/family/join' });
    expect(await screen.findByRole('alert')).toHaveTextContent(INCOMPLETE_LINK);
    expect(api.calls.some((c) => c.path.startsWith('/api/family'))).toBe(false);
  });
});

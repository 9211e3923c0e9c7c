import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockedSender } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { SETTINGS } from '@/testing/fixtures';
import { useBlockAction } from '@/components/use-feedback-actions';
import SettingsPage from './settings-page';
import { BLOCKED_SENDERS_SHOWN, describeBlockedDate } from './blocked-senders-section';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MUM: BlockedSender = { id: 'b-mum', sender: 'Mum', createdAt: new Date().toISOString() };
const BANK: BlockedSender = { id: 'b-bank', sender: '+1 555 0100', createdAt: '2025-01-05T15:04:00.000Z' };
const PARCEL: BlockedSender = { id: 'b-parcel', sender: 'Parcel Desk <track@parcel-redelivery.top>', createdAt: '2024-11-20T09:00:00.000Z' };

const SERVER_ERROR = { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } };

/**
 * A server that keeps the blocked list (newest first) as the real one does: GET lists it, DELETE
 * takes one entry off, POST puts a sender back as a new entry. `failDelete` answers every DELETE
 * with a 500; `listAnswers` are the first GET answers (then the list).
 */
function mockBlockedServer(
  initial: BlockedSender[],
  { failDelete = false, listAnswers = [] as Array<() => { status?: number; body?: unknown }> } = {},
) {
  let list = [...initial];
  let created = 0;
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/protection-settings': { body: SETTINGS },
    'GET /api/blocked-senders': () => listAnswers.shift()?.() ?? { body: list },
    'POST /api/blocked-senders': (call: RecordedCall) => {
      created += 1;
      const entry = { id: `b-new-${created}`, sender: (call.body as { sender: string }).sender, createdAt: new Date().toISOString() };
      list = [entry, ...list];
      return { status: 201, body: entry };
    },
  };
  for (const entry of initial) {
    routes[`DELETE /api/blocked-senders/${entry.id}`] = () => {
      if (failDelete) return SERVER_ERROR;
      if (!list.some((s) => s.id === entry.id)) return { status: 404, body: { error: { code: 'BLOCKED_SENDER_NOT_FOUND', message: 'gone' } } };
      list = list.filter((s) => s.id !== entry.id);
      return { body: { success: true } };
    };
  }
  return { ...mockApi(routes), current: () => list };
}

function section() {
  return screen.getByRole('heading', { name: 'Blocked senders' }).parentElement as HTMLElement;
}

function entries() {
  return within(section()).queryAllByRole('listitem');
}

describe('Settings, Protection tab: Blocked senders', () => {
  it('lists each blocked sender, newest first, with when it was blocked and an Unblock button', async () => {
    mockBlockedServer([MUM, BANK, PARCEL]);
    renderWithApp(<SettingsPage />, { path: '/settings' });
    expect(screen.getByLabelText('Loading blocked senders')).toHaveAttribute('aria-busy', 'true');

    await screen.findByRole('button', { name: 'Unblock Mum' });
    const rows = entries();
    expect(rows.map((r) => r.textContent)).toEqual([
      'MumBlocked todayUnblock',
      '+1 555 0100Blocked on Jan 5, 2025Unblock',
      'Parcel Desk <track@parcel-redelivery.top>Blocked on Nov 20, 2024Unblock',
    ]);
    for (const name of ['Unblock Mum', 'Unblock +1 555 0100', 'Unblock Parcel Desk <track@parcel-redelivery.top>']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText("You haven't blocked anyone")).not.toBeInTheDocument();
  });

  it("says 'You haven't blocked anyone' when the list is empty", async () => {
    mockBlockedServer([]);
    renderWithApp(<SettingsPage />, { path: '/settings' });
    expect(await screen.findByRole('heading', { name: "You haven't blocked anyone" })).toBeInTheDocument();
    expect(screen.getByText('Block Sender on an alert adds the sender here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unblock/ })).not.toBeInTheDocument();
  });

  it('unblocks on the server, says so, and moves focus to the next sender, then the one before, then the heading', async () => {
    const { calls, current } = mockBlockedServer([MUM, BANK, PARCEL]);
    renderWithApp(<SettingsPage />, { path: '/settings' });

    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Mum' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unblock Mum' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/blocked-senders/b-mum']);
    expect(current().map((s) => s.id)).toEqual(['b-bank', 'b-parcel']);
    expect(screen.getByText('Sender unblocked')).toBeInTheDocument();
    expect(screen.getByText('Scans of messages from Mum will no longer warn that you blocked them.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-blocked-id', 'b-bank'));

    // The last one: focus goes to the one before.
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Parcel Desk <track@parcel-redelivery.top>' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-blocked-id', 'b-bank'));
    expect(entries()).toHaveLength(1);

    // The only one: focus goes to the heading, and the list says it is empty.
    await userEvent.click(screen.getByRole('button', { name: 'Unblock +1 555 0100' }));
    expect(await screen.findByRole('heading', { name: "You haven't blocked anyone" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Blocked senders' })).toHaveFocus());
    expect(current()).toEqual([]);
  });

  it('works from the keyboard: Enter on Unblock, and focus lands where Tab continues down the list', async () => {
    mockBlockedServer([MUM, BANK]);
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const unblockMum = await screen.findByRole('button', { name: 'Unblock Mum' });
    unblockMum.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-blocked-id', 'b-bank'));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Unblock +1 555 0100' })).toHaveFocus();
  });

  it('Undo in the toast blocks the sender again and puts focus on them', async () => {
    const { calls, current } = mockBlockedServer([MUM, BANK]);
    renderWithApp(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock +1 555 0100' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-blocked-id', 'b-mum'));

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const again = await screen.findByRole('button', { name: 'Unblock +1 555 0100' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ sender: '+1 555 0100' }]);
    expect(current().map((s) => s.sender)).toEqual(['+1 555 0100', 'Mum']);
    await waitFor(() => expect(document.activeElement).toBe(again.closest('li')));
    expect(await screen.findByText('Sender blocked')).toBeInTheDocument();
  });

  it('a failed unblock says so, keeps the sender listed and keeps focus on its button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { current } = mockBlockedServer([MUM, BANK], { failDelete: true });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const unblockMum = await screen.findByRole('button', { name: 'Unblock Mum' });
    unblockMum.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Failed to unblock sender. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Sender unblocked')).not.toBeInTheDocument();
    expect(current().map((s) => s.id)).toEqual(['b-mum', 'b-bank']);
    expect(entries()).toHaveLength(2);
    expect(unblockMum).toHaveFocus();
    expect(unblockMum).toHaveTextContent('Unblock');
  });

  it('a sender already unblocked elsewhere (404) leaves the list as if unblocked here', async () => {
    mockBlockedServer([MUM, BANK], {
      listAnswers: [() => ({ body: [MUM, BANK, { id: 'b-gone', sender: 'Old number', createdAt: BANK.createdAt }] })],
    });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Old number' }));
    expect(await screen.findByText('Sender unblocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unblock Old number' })).not.toBeInTheDocument());
  });

  it("says Baitcheck can't be reached when the list gets no answer, and Retry loads it", async () => {
    mockBlockedServer([MUM], {
      listAnswers: [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const alert = await within(await waitFor(section)).findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach Baitcheck — check your connection");
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Unblock Mum' })).toBeInTheDocument();
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the list could not be loaded when the server answers with an error', async () => {
    mockBlockedServer([MUM], { listAnswers: [() => SERVER_ERROR] });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your blocked senders.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText("You haven't blocked anyone")).not.toBeInTheDocument();
  });

  it(`shows the newest ${BLOCKED_SENDERS_SHOWN} first, and 'Show all' the rest with focus on the first of them`, async () => {
    const many = Array.from({ length: BLOCKED_SENDERS_SHOWN + 5 }, (_, i) => ({
      id: `b${i}`,
      sender: `sender-${i}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 30 - i)).toISOString(),
    }));
    mockBlockedServer(many);
    renderWithApp(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('button', { name: 'Unblock sender-0@example.com' });
    expect(entries()).toHaveLength(BLOCKED_SENDERS_SHOWN);
    expect(screen.queryByRole('button', { name: `Unblock sender-${BLOCKED_SENDERS_SHOWN}@example.com` })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Show all ${BLOCKED_SENDERS_SHOWN + 5} blocked senders` }));
    expect(entries()).toHaveLength(BLOCKED_SENDERS_SHOWN + 5);
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-blocked-id', `b${BLOCKED_SENDERS_SHOWN}`));
  });

  it('a sender blocked on an alert shows in the list already read, without reloading', async () => {
    // The Block Sender of an alert card, mounted beside the page as Home and Settings share one cache.
    let blockOnAlert: (sender: string) => void = () => {};
    function AlertActions() {
      blockOnAlert = useBlockAction().block;
      return null;
    }
    mockBlockedServer([]);
    renderWithApp(
      <>
        <SettingsPage />
        <AlertActions />
      </>,
      { path: '/settings' },
    );
    await screen.findByRole('heading', { name: "You haven't blocked anyone" });
    act(() => blockOnAlert('Grandad'));
    expect(await screen.findByRole('button', { name: 'Unblock Grandad' })).toBeInTheDocument();
  });

  it('dates an entry today, yesterday or by its full date', () => {
    const now = new Date(2025, 5, 10, 12, 0);
    expect(describeBlockedDate(new Date(2025, 5, 10, 8, 0).toISOString(), now)).toBe('Blocked today');
    expect(describeBlockedDate(new Date(2025, 5, 9, 23, 0).toISOString(), now)).toBe('Blocked yesterday');
    expect(describeBlockedDate(new Date(2024, 5, 9, 12, 0).toISOString(), now)).toBe('Blocked on Jun 9, 2024');
    expect(describeBlockedDate('not a date', now)).toBe('');
  });
});

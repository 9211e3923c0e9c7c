import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeMessage } from '@/testing/fixtures';
import HistoryPage, { readMessageIdParam } from './history-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MESSAGES = [
  makeMessage({ id: 'p1', threatLevel: 'phishing', sender: 'Bank' }),
  makeMessage({ id: 'u1', threatLevel: 'suspicious', sender: '', kind: 'url', content: 'http://bit.ly/abc' }),
];

describe('HistoryPage', () => {
  it('lists entries with title, date, sender or URL Scan, and filters by tab with the spec empty states', async () => {
    // each tab asks the server for its verdict
    mockApi({
      'GET /api/messages': (call) => {
        const level = new URL(call.path, 'http://x').searchParams.get('threatLevel');
        return { body: MESSAGES.filter((m) => level === null || m.threatLevel === level) };
      },
    });
    renderWithApp(<HistoryPage />);
    const entries = await screen.findAllByRole('article');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('heading', { name: 'Phishing Detected' })).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Bank')).toBeInTheDocument();
    expect(within(entries[0]!).getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    expect(within(entries[1]!).getByText('URL Scan')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Phishing' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Suspicious' }));
    expect(within(screen.getByRole('article')).getByText('URL Scan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Safe' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Safe Messages' })).toBeInTheDocument();
  });

  it('names the source of each entry, so messages a plugin brought in are recognisable', async () => {
    mockApi({
      'GET /api/messages': {
        body: (['sms', 'email', 'social', 'slack', 'manual'] as const).map((source) => makeMessage({ id: `s-${source}`, source, sender: `From ${source}` })),
      },
    });
    renderWithApp(<HistoryPage />);
    const entries = await screen.findAllByRole('article');
    expect(entries.map((e) => within(e).getByTestId('message-source').textContent)).toEqual([
      'Source: SMS',
      'Source: Email',
      'Source: Social media',
      'Source: Slack',
      'Source: Other',
    ]);
    expect(within(entries[3]!).getByText('Slack')).toBeInTheDocument();
  });

  it('shows No Messages Found when the history is empty', async () => {
    mockApi({ 'GET /api/messages': { body: [] } });
    renderWithApp(<HistoryPage />);
    expect(await screen.findByRole('heading', { name: 'No Messages Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Phishing' }));
    expect(screen.getByRole('heading', { name: 'No Phishing Messages' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Suspicious' }));
    expect(screen.getByRole('heading', { name: 'No Suspicious Messages' })).toBeInTheDocument();
  });

  it('expands an entry to its highlighted content and reasons, and collapses it again', async () => {
    mockApi({ 'GET /api/messages': { body: [MESSAGES[0]!] } });
    renderWithApp(<HistoryPage />);
    const entry = await screen.findByRole('article');
    expect(entry.querySelector('mark')).toBeNull();
    await userEvent.click(within(entry).getByRole('button', { name: 'Show More' }));
    expect(within(entry).getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    expect([...entry.querySelectorAll('mark')].map((m) => m.textContent)).toContain('URGENT');
    // The serious reason first; the word-list one waits behind 'More details', as on the scan result.
    expect(within(entry).getByText('Suspicious URL detected')).toBeInTheDocument();
    expect(within(entry).queryByText('Urgency language detected')).not.toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('button', { name: /More details/ }));
    expect(within(entry).getByText('Urgency language detected')).toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('button', { name: 'Show Less' }));
    expect(entry.querySelector('mark')).toBeNull();
  });

  it('labels an entry without a sender by what was scanned: a link or a message', async () => {
    mockApi({
      'GET /api/messages': {
        body: [
          makeMessage({ id: 't1', sender: '', kind: 'text', content: 'Your parcel is waiting' }),
          makeMessage({ id: 'u2', sender: ' ', kind: 'url', content: 'http://bit.ly/abc' }),
        ],
      },
    });
    renderWithApp(<HistoryPage />);
    const [text, link] = await screen.findAllByRole('article');
    expect(within(text!).getByText('Message · no sender given')).toBeInTheDocument();
    expect(within(text!).queryByText('URL Scan')).not.toBeInTheDocument();
    expect(within(link!).getByText('URL Scan')).toBeInTheDocument();
  });
});

describe('HistoryPage: delete with Undo', () => {
  const THREE = [
    makeMessage({ id: 'a', sender: 'Alpha' }),
    makeMessage({ id: 'b', sender: 'Bravo' }),
    makeMessage({ id: 'c', sender: 'Charlie' }),
  ];

  function serve(initial = THREE) {
    let list = [...initial];
    const api = mockApi({});
    // A small server: the list, and any DELETE takes its entry out of it.
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      api.calls.push({ method: init.method ?? 'GET', path: url.pathname + url.search, body: undefined, init });
      if (init.method === 'DELETE') {
        const id = url.pathname.split('/').at(-1);
        list = list.filter((m) => m.id !== id);
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }
      return new Response(JSON.stringify(list), { status: 200 });
    });
    const deletes = () => api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    return { ...api, deletes };
  }

  const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-message-id'));

  it('takes the entry away at once, moves focus to the next entry, and sends nothing until the toast ends', async () => {
    const { deletes } = serve();
    renderWithApp(<HistoryPage />);
    const b = (await screen.findAllByRole('article'))[1]!;
    await userEvent.click(within(b).getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['a', 'c']);
    expect(document.activeElement).toHaveAttribute('data-message-id', 'c');
    expect(screen.getByText('Message deleted')).toBeInTheDocument();
    expect(screen.getByText('The message has been removed from your history.')).toBeInTheDocument();
    expect(deletes()).toEqual([]);

    // The toast ends (here: closed): now the server is told.
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(deletes()).toEqual(['/api/messages/b']));
    await waitFor(() => expect(names()).toEqual(['a', 'c']));
  });

  it('puts the entry back where it was on Undo, focused, and never deletes it', async () => {
    const { deletes } = serve();
    renderWithApp(<HistoryPage />);
    const a = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(a).getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['b', 'c']);
    expect(document.activeElement).toHaveAttribute('data-message-id', 'b');

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(['a', 'b', 'c']);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-message-id', 'a'));
    await waitFor(() => expect(screen.queryByText('Message deleted')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
  });

  it('deletes when the toast has shown its 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { deletes } = serve();
      renderWithApp(<HistoryPage />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const c = (await screen.findAllByRole('article'))[2]!;
      await user.click(within(c).getByRole('button', { name: 'Delete' }));
      // The last entry: focus goes to the one before it.
      expect(document.activeElement).toHaveAttribute('data-message-id', 'b');
      await act(() => vi.advanceTimersByTimeAsync(9000));
      expect(deletes()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1500));
      await waitFor(() => expect(deletes()).toEqual(['/api/messages/c']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves focus to the heading when the list is left empty', async () => {
    serve([THREE[0]!]);
    renderWithApp(<HistoryPage />);
    await userEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('heading', { name: 'No Messages Found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Scan History' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
  });

  it('sends a delete not undone when the tab is closed, as a request that outlives the page', async () => {
    const { deletes, calls } = serve();
    renderWithApp(<HistoryPage />);
    await userEvent.click(within((await screen.findAllByRole('article'))[0]!).getByRole('button', { name: 'Delete' }));
    expect(deletes()).toEqual([]);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
    });
    expect(deletes()).toEqual(['/api/messages/a']);
    expect(calls.find((c) => c.method === 'DELETE')?.init.keepalive).toBe(true);
    // The Undo it offered is gone with it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('brings the entry back with the spec error toast when the delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock } = mockApi({
      'GET /api/messages': { body: THREE },
      'DELETE /api/messages/a': { status: 500, body: 'x' },
    });
    renderWithApp(<HistoryPage />);
    await userEvent.click(within((await screen.findAllByRole('article'))[0]!).getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['b', 'c']);
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(await screen.findByText('Failed to delete message.')).toBeInTheDocument();
    expect(names()).toEqual(['a', 'b', 'c']);
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('HistoryPage: notifications and paging', () => {
  it('opens /history?messageId= on that entry, expanded and focused', async () => {
    mockApi({ 'GET /api/messages': { body: MESSAGES } });
    renderWithApp(<HistoryPage />, { path: '/history?messageId=u1' });
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-message-id', 'u1'));
    const target = document.activeElement as HTMLElement;
    expect(within(target).getByRole('button', { name: 'Show Less' })).toBeInTheDocument();
  });

  it('reads the messageId parameter', () => {
    expect(readMessageIdParam('messageId=abc')).toBe('abc');
    expect(readMessageIdParam('?messageId=%20')).toBeNull();
    expect(readMessageIdParam('')).toBeNull();
  });

  it('loads older entries with Load more, by the cursor the server named, until there are none', async () => {
    const older = makeMessage({ id: 'old', threatLevel: 'safe', sender: 'Grandma', content: 'See you Sunday' });
    const { calls } = mockApi({
      'GET /api/messages': (call) =>
        call.path.includes('before=')
          ? { body: [older] }
          : { body: MESSAGES, headers: { 'x-next-cursor': '2025-01-05T15:04:00.000Z_u1' } },
    });
    renderWithApp(<HistoryPage />);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(calls[0]!.path).toBe('/api/messages?limit=50');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(within(screen.getAllByRole('article')[2]!).getByText('Grandma')).toBeInTheDocument();
    expect(calls.at(-1)!.path).toBe('/api/messages?limit=50&before=2025-01-05T15%3A04%3A00.000Z_u1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows a long message's first lines when expanded, and all of it (fetched on demand: the list carries its beginning) by Show full message", async () => {
    const whole = makeMessage({ id: 'long', content: `${makeMessage().content} ${'and more '.repeat(200)}THE END` });
    const preview = { ...whole, content: whole.content.slice(0, 1000), contentTruncated: true };
    const { calls } = mockApi({ 'GET /api/messages': { body: [preview] }, 'GET /api/messages/long': { body: whole } });
    renderWithApp(<HistoryPage />);
    const entry = await screen.findByRole('article');
    expect(calls.some((c) => c.path === '/api/messages/long')).toBe(false);
    await userEvent.click(within(entry).getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/messages/long')).toBe(true));
    // Its first lines with their highlights, as the scan result shows a long message; the reasons stay in reach.
    expect([...entry.querySelectorAll('mark')].map((m) => m.textContent)).toContain('URGENT');
    expect(within(entry).getByText('Suspicious URL detected')).toBeInTheDocument();
    await userEvent.click(await within(entry).findByRole('button', { name: 'Show full message' }));
    await waitFor(() => expect(entry.textContent).toContain('THE END'));
  });

  it('shows a safe entry without highlights or warning reasons, as the scan result does', async () => {
    const content = 'Hi, running 20 mins late, see you at the cafe';
    const safe = makeMessage({
      id: 's1',
      threatLevel: 'safe',
      sender: 'Anna',
      content,
      threatDetails: {
        reasons: ['Time pressure'],
        reasonDetails: [{ id: 'time-pressure', label: 'Time pressure', severity: 'low', evidence: [{ start: 12, end: 19, text: '20 mins' }] }],
        highlights: [{ start: 12, end: 19, text: '20 mins', reasonId: 'time-pressure' }],
        recommendations: [],
        checks: [],
        notes: [],
      },
    });
    mockApi({ 'GET /api/messages': { body: [safe, MESSAGES[0]!] } });
    renderWithApp(<HistoryPage />);
    const [safeEntry, phishingEntry] = await screen.findAllByRole('article');
    await userEvent.click(within(safeEntry!).getByRole('button', { name: 'Show More' }));
    expect(within(safeEntry!).getByText(content)).toBeInTheDocument();
    expect(safeEntry!.querySelector('mark')).toBeNull();
    expect(within(safeEntry!).queryByText('Time pressure')).not.toBeInTheDocument();
    expect(within(safeEntry!).queryByRole('button', { name: /More details/ })).not.toBeInTheDocument();
    expect(within(safeEntry!).getByText('No suspicious elements detected.')).toBeInTheDocument();
    // A phishing entry keeps its warnings.
    await userEvent.click(within(phishingEntry!).getByRole('button', { name: 'Show More' }));
    expect(phishingEntry!.querySelector('mark')).not.toBeNull();
    expect(within(phishingEntry!).getByText('Suspicious URL detected')).toBeInTheDocument();
  });
});

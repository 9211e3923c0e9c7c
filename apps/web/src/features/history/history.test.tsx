import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeMessage } from '@/testing/fixtures';
import HistoryPage, { readMessageIdParam } from './history-page';

afterEach(() => vi.unstubAllGlobals());

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
    expect(within(entry).getByText('Urgency language detected')).toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('button', { name: 'Show Less' }));
    expect(entry.querySelector('mark')).toBeNull();
  });

  it('deletes an entry with the spec toast', async () => {
    let list = [...MESSAGES];
    const { calls } = mockApi({
      'GET /api/messages': () => ({ body: list }),
      'DELETE /api/messages/p1': () => {
        list = list.filter((m) => m.id !== 'p1');
        return { body: { success: true } };
      },
    });
    renderWithApp(<HistoryPage />);
    const [first] = await screen.findAllByRole('article');
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/messages/p1')).toBe(true);
  });

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

  it('shows a long message whole when expanded, fetched on demand: the list carries its beginning', async () => {
    const whole = makeMessage({ id: 'long', content: `${makeMessage().content} ${'and more '.repeat(200)}THE END` });
    const preview = { ...whole, content: whole.content.slice(0, 1000), contentTruncated: true };
    const { calls } = mockApi({ 'GET /api/messages': { body: [preview] }, 'GET /api/messages/long': { body: whole } });
    renderWithApp(<HistoryPage />);
    const entry = await screen.findByRole('article');
    expect(calls.some((c) => c.path === '/api/messages/long')).toBe(false);
    await userEvent.click(within(entry).getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(entry.textContent).toContain('THE END'));
    expect([...entry.querySelectorAll('mark')].map((m) => m.textContent)).toContain('URGENT');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssistantChatResponse, ChatTurn } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { buildAssistantRequest } from '@/lib/api/assistant';
import { AssistantTab } from './assistant-tab';
import { parseAnswer } from './assistant-answer';
import AccountPage from './account-page';

afterEach(() => vi.unstubAllGlobals());

const CHAT = 'POST /api/assistant/chat';

function reply(answer: string, extra: Partial<AssistantChatResponse> = {}): AssistantChatResponse {
  return { answer, timestamp: '2025-03-01T14:05:00.000Z', sources: [], scan: null, mode: 'built-in', ...extra };
}

function renderTab(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  renderWithApp(<AssistantTab />, { path: '/account' });
  return api;
}

const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });
const input = () => screen.getByRole('textbox', { name: 'Message to the assistant' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const chatCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/assistant/chat');
const bubbles = (role: 'user' | 'assistant') => Array.from(log().querySelectorAll(`[data-role="${role}"]`));

/** Holds the next fetch until `release()` is called, so the waiting state can be seen. */
function holdNextFetch(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  let release: () => void = () => {};
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementationOnce(async (input, init) => {
    const answer = await original(input, init);
    return new Promise<Response>((resolve) => (release = () => resolve(answer)));
  });
  return () => release();
}

describe('AssistantTab', () => {
  it('starts with one greeting that says what it does and that it never asks for passwords or codes', () => {
    renderTab();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(bubbles('assistant')).toHaveLength(1);
    expect(bubbles('user')).toHaveLength(0);
    expect(log()).toHaveTextContent(/never ask for your passwords, PINs or verification codes/);
    expect(within(log()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('sends on Enter with the question and the earlier turns (not the greeting), then shows the answer', async () => {
    let n = 0;
    const { calls } = renderTab({ [CHAT]: () => ({ body: reply(++n === 1 ? 'First answer.' : 'Second answer.') }) });

    await userEvent.type(input(), 'How do I report a scam text?{Enter}');
    expect(await within(log()).findByText('First answer.')).toBeInTheDocument();
    expect(input()).toHaveValue('');
    expect(chatCalls(calls)[0]?.body).toEqual({ query: 'How do I report a scam text?', history: [] });
    expect(chatCalls(calls)[0]?.init.credentials).toBe('include');

    await userEvent.type(input(), '  why?  {Enter}');
    expect(await within(log()).findByText('Second answer.')).toBeInTheDocument();
    expect(chatCalls(calls)[1]?.body).toEqual({
      query: 'why?',
      history: [
        { role: 'user', content: 'How do I report a scam text?' },
        { role: 'assistant', content: 'First answer.' },
      ],
    });
    expect(bubbles('user').map((b) => b.textContent)).toEqual([
      expect.stringContaining('How do I report a scam text?'),
      expect.stringContaining('why?'),
    ]);
  });

  it('sends at most the last 12 earlier turns, each within the length the server accepts', () => {
    const history: ChatTurn[] = Array.from({ length: 15 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: i === 14 ? 'x'.repeat(25_000) : `turn ${i}`,
    }));
    const body = buildAssistantRequest({ query: 'and now?', history });
    expect(body.history).toHaveLength(12);
    expect(body.history[0]).toEqual({ role: 'assistant', content: 'turn 3' });
    expect(body.history[11]?.content).toHaveLength(20_000);
  });

  it('Shift+Enter adds a new line and does not send; the sent message keeps its lines', async () => {
    const { calls } = renderTab({ [CHAT]: { body: reply('Got it.') } });
    await userEvent.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('line one\nline two');
    expect(chatCalls(calls)).toHaveLength(0);

    await userEvent.type(input(), '{Enter}');
    await within(log()).findByText('Got it.');
    expect(chatCalls(calls)[0]?.body).toMatchObject({ query: 'line one\nline two' });
    expect(bubbles('user')[0]?.querySelector('p.whitespace-pre-wrap')?.textContent).toBe('line one\nline two');
  });

  it('does not send on the Enter that ends an IME composition', async () => {
    const { calls } = renderTab({ [CHAT]: { body: reply('ok') } });
    await userEvent.type(input(), 'konnichiwa');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    expect(chatCalls(calls)).toHaveLength(0);
    expect(bubbles('user')).toHaveLength(0);
  });

  it('does not send empty or whitespace-only input', async () => {
    const { calls } = renderTab({ [CHAT]: { body: reply('ok') } });
    await userEvent.type(input(), '{Enter}');
    await userEvent.type(input(), '   {Shift>}{Enter}{/Shift}  {Enter}');
    await userEvent.click(sendButton());
    expect(chatCalls(calls)).toHaveLength(0);
    expect(bubbles('user')).toHaveLength(0);
    expect(bubbles('assistant')).toHaveLength(1);
  });

  it('disables the input and the send button with a typing indicator while waiting, then gives the focus back', async () => {
    const { fetchMock } = renderTab({ [CHAT]: { body: reply('Here you go.') } });
    const release = holdNextFetch(fetchMock);
    await userEvent.type(input(), 'Is this a scam?');
    await userEvent.click(sendButton());

    await waitFor(() => expect(input()).toBeDisabled());
    expect(sendButton()).toBeDisabled();
    expect(within(log()).getByText('The assistant is typing…')).toBeInTheDocument();
    expect(bubbles('user')).toHaveLength(1);

    release();
    expect(await within(log()).findByText('Here you go.')).toBeInTheDocument();
    expect(input()).toBeEnabled();
    expect(sendButton()).toBeEnabled();
    expect(within(log()).queryByText('The assistant is typing…')).not.toBeInTheDocument();
    await waitFor(() => expect(input()).toHaveFocus());
  });

  it('shows each message time in hours and minutes', async () => {
    renderTab({ [CHAT]: { body: reply('At this time.') } });
    await userEvent.type(input(), 'When?{Enter}');
    await within(log()).findByText('At this time.');

    const times = Array.from(log().querySelectorAll('time'));
    expect(times).toHaveLength(3);
    for (const time of times) expect(time.textContent).toMatch(/^\D*\d{2}:\d{2}\b/);
    const answerTime = bubbles('assistant')[1]!.querySelector('time')!;
    expect(answerTime).toHaveAttribute('dateTime', '2025-03-01T14:05:00.000Z');
    expect(answerTime.textContent).toBe(
      new Date('2025-03-01T14:05:00.000Z').toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    );
  });

  it('clears the conversation back to a single greeting', async () => {
    renderTab({ [CHAT]: { body: reply('An answer.') } });
    await userEvent.type(input(), 'Question{Enter}');
    await within(log()).findByText('An answer.');
    expect(bubbles('assistant')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect(bubbles('assistant')).toHaveLength(1);
    expect(bubbles('user')).toHaveLength(0);
    expect(within(log()).queryByText('An answer.')).not.toBeInTheDocument();
    expect(log()).toHaveTextContent(/never ask for your passwords/);
  });

  it('drops a reply that arrives after the conversation was cleared', async () => {
    const { fetchMock, calls } = renderTab({ [CHAT]: { body: reply('A late answer.') } });
    const release = holdNextFetch(fetchMock);
    await userEvent.type(input(), 'Question{Enter}');
    await waitFor(() => expect(input()).toBeDisabled());

    await userEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect(input()).toBeEnabled();
    expect(bubbles('user')).toHaveLength(0);
    release();
    await waitFor(() => expect(chatCalls(calls)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(within(log()).queryByText('A late answer.')).not.toBeInTheDocument();
    expect(bubbles('assistant')).toHaveLength(1);
  });

  it("shows the spec's error toast on failure; the question stays and the input works again", async () => {
    const { calls } = renderTab({ [CHAT]: { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } });
    await userEvent.type(input(), 'Will this fail?{Enter}');

    expect(await screen.findByText('Unable to get a response. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(chatCalls(calls)).toHaveLength(1);
    expect(bubbles('user')).toHaveLength(1);
    expect(bubbles('user')[0]).toHaveTextContent('Will this fail?');
    expect(bubbles('assistant')).toHaveLength(1);
    expect(input()).toBeEnabled();
    expect(sendButton()).toBeEnabled();
  });

  it('renders line breaks as paragraphs and "- " lines as a list', async () => {
    renderTab({
      [CHAT]: { body: reply('If you clicked the link:\n- Do not enter anything.\n- Change your password.\n\nThen call your bank.\nUse the number on your card.') },
    });
    await userEvent.type(input(), 'I clicked{Enter}');
    await within(log()).findByText('If you clicked the link:');

    const answer = bubbles('assistant')[1]!;
    const items = within(answer as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Do not enter anything.', 'Change your password.']);
    const paragraphs = Array.from(answer.querySelectorAll('p.whitespace-pre-line')).map((p) => p.textContent);
    expect(paragraphs).toEqual(['If you clicked the link:', 'Then call your bank.\nUse the number on your card.']);
  });

  it('shows markup in an answer as text, never as HTML', async () => {
    const evil = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned=true"> <b>bold</b>';
    renderTab({ [CHAT]: { body: reply(evil) } });
    await userEvent.type(input(), '<i>hello</i>{Enter}');
    const answer = await within(log()).findByText(evil);
    expect(answer.tagName).toBe('P');
    expect(log().querySelector('script, img, b, i')).toBeNull();
    expect(within(log()).getByText('<i>hello</i>')).toBeInTheDocument();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("shows the sources and the scanned message's verdict with the threat-level badge", async () => {
    renderTab({
      [CHAT]: {
        body: reply('This looks like phishing.', {
          sources: [
            { id: 'bank-impersonation', title: 'Bank impersonation' },
            { id: 'after-clicking', title: 'If you clicked a link' },
          ],
          scan: { threatLevel: 'phishing', score: 0.97, reasons: ['Urgent language', 'Suspicious link'] },
        }),
      },
    });
    await userEvent.type(input(), 'URGENT: verify http://paypa1-secure.com/login{Enter}');
    await within(log()).findByText('This looks like phishing.');

    const answer = bubbles('assistant')[1] as HTMLElement;
    expect(within(answer).getByText('Based on: Bank impersonation, If you clicked a link')).toBeInTheDocument();
    expect(within(answer).getByText('Phishing Detected')).toBeInTheDocument();
    expect(within(answer).getByText('Phishing')).toHaveClass('rounded-full');
    // the verdict comes before the answer's text
    expect(answer.textContent!.indexOf('Phishing Detected')).toBeLessThan(answer.textContent!.indexOf('This looks like phishing.'));
    // the greeting and a plain answer carry neither
    expect(bubbles('assistant')[0]).not.toHaveTextContent('Based on:');
  });
});

describe('parseAnswer', () => {
  it('keeps a list together across blank lines and reads numbered steps', () => {
    expect(parseAnswer('Steps:\n1. Stop.\n2. Report it.\n\n- a\n\n- b\nEnd')).toEqual([
      { kind: 'paragraph', lines: ['Steps:'] },
      { kind: 'numbers', items: ['Stop.', 'Report it.'] },
      { kind: 'bullets', items: ['a', 'b'] },
      { kind: 'paragraph', lines: ['End'] },
    ]);
  });
});

describe('AccountPage, Virtual Assistant tab', () => {
  it('is the third tab and keeps the conversation while another tab is open', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: { kind: 'guest', email: null, createdAt: '2025-03-01T12:00:00.000Z' } } },
      [CHAT]: { body: reply('Kept answer.') },
    });
    renderWithApp(<AccountPage />, { path: '/account' });
    const tabs = within(screen.getByRole('tablist', { name: 'Account sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Account', 'Accessibility', 'Virtual Assistant']);

    await userEvent.click(screen.getByRole('tab', { name: 'Virtual Assistant' }));
    const panel = screen.getByRole('tabpanel', { name: 'Virtual Assistant' });
    expect(within(panel).getByRole('heading', { name: 'Virtual Assistant' })).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Message to the assistant' }), 'Remember me{Enter}');
    await within(panel).findByText('Kept answer.');

    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    expect(panel).toHaveAttribute('data-state', 'inactive');
    await userEvent.click(screen.getByRole('tab', { name: 'Virtual Assistant' }));
    expect(within(panel).getByText('Kept answer.')).toBeInTheDocument();
  });
});

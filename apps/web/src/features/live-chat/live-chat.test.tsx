import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockApi, renderWithApp } from '@/testing/render';
import { manageSubscriptionHref } from '@/config/paths';
import { LiveChat, WELCOME_DELAY_MS } from './live-chat';
import { LiveChatView } from './live-chat-page';
import { LIVE_CHAT_STORAGE_KEY } from './live-chat-storage';

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  vi.useFakeTimers();
  // Any call at all fails a test below: the chat is local (spec section 2).
  api = mockApi({});
});

afterEach(() => {
  // the timer spies first: spying on the fake clock's setTimeout, then putting the real clock
  // back, left the spy over the real setTimeout for the files after this one (isolate: false)
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The person's actions as synchronous events: user-event waits on real-looking timers of its
 * own, which a fake clock never runs; with these the clock moves only when a test moves it.
 * (The e2e spec types and presses keys in a real browser.)
 */
const user = {
  click: (element: HTMLElement) => fireEvent.click(element),
  /** Radix tabs switch on mouse down. */
  chooseTab: (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name })),
  typeInto: (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } }),
  /** Enter in the message box; returns whether the browser would still do its default (a new line). */
  pressEnter: (element: HTMLElement, { shiftKey = false } = {}) => fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', shiftKey }),
};

/** Types `text` into the message box and presses Enter. */
function sendByEnter(text: string) {
  user.typeInto(input(), text);
  user.pressEnter(input());
}

const log = () => screen.getByRole('log', { name: 'Conversation with Sam' });
const input = () => screen.getByRole('textbox', { name: 'Message to Sam' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const typing = () => screen.getByTestId('live-chat-typing');
const bubbles = (sender?: 'user' | 'agent') => Array.from(log().querySelectorAll(sender ? `[data-sender="${sender}"]` : '[data-sender]'));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The page at `now`, with the typing time fixed by `random` (0.5 → 2250 ms). */
function renderPage({ random = () => 0.5, now = () => new Date('2025-01-14T15:00:00Z') }: { random?: () => number; now?: () => Date } = {}) {
  return renderWithApp(<LiveChatView random={random} now={now} />, { path: '/live-chat' });
}

function startChat() {
  user.click(screen.getByRole('button', { name: 'Start Chat' }));
}

describe('Live Chat', () => {
  it('says plainly, before any chat, that it is an automated preview and where real help is', () => {
    renderPage();
    const notice = screen.getByRole('region', { name: 'This chat is an automated preview' });
    expect(notice).toHaveTextContent('No person reads or answers it, and nothing you type leaves this page');
    expect(within(notice).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-support');
    expect(within(notice).getByRole('link', { name: 'Virtual Assistant' })).toHaveAttribute('href', '/account?tab=assistant');
    expect(screen.getByRole('tab', { name: 'Live Chat', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Support Hours' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sam · automated preview' })).toBeInTheDocument();
  });

  it("'Start Chat' puts an empty conversation log on the page and focus in the message box, then adds the welcome, labelled as automated", async () => {
    renderPage();
    startChat();
    // the live region is there, empty, before the welcome: a screen reader then reads the welcome as it arrives
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(log()).toBeEmptyDOMElement();
    expect(input()).toHaveFocus();
    expect(typing()).toHaveAttribute('role', 'status');
    expect(typing()).toBeEmptyDOMElement();

    await advance(WELCOME_DELAY_MS - 1);
    expect(bubbles()).toHaveLength(0);
    await advance(1);
    expect(bubbles('agent')).toHaveLength(1);
    expect(bubbles('agent')[0]).toHaveTextContent("Sam · automated preview");
    expect(bubbles('agent')[0]).toHaveTextContent("Hi, I'm Sam, Baitcheck's automated help. I'm not a person");
    // announced once: by the log only, not by the status region as well
    expect(typing()).toBeEmptyDOMElement();
    expect(input()).toHaveFocus();
    await advance(10_000);
    expect(bubbles()).toHaveLength(1);
  });

  it('puts the welcome first when a message is sent before it arrived', async () => {
    renderPage();
    startChat();
    sendByEnter('hello');
    expect(bubbles().map((b) => b.getAttribute('data-sender'))).toEqual(['agent', 'user']);
    expect(bubbles('agent')[0]).toHaveTextContent("Hi, I'm Sam");
    await advance(10_000);
    expect(bubbles().map((b) => b.getAttribute('data-sender'))).toEqual(['agent', 'user', 'agent']);
  });

  it('sends on Enter, shows "Sam is typing…" for the typing time, then the billing reply with real links', async () => {
    renderPage({ random: () => 0.5 });
    startChat();
    sendByEnter('  How do I get a refund for my Baitcheck subscription?  ');

    expect(bubbles('user')).toHaveLength(1);
    expect(bubbles('user')[0]).toHaveTextContent('How do I get a refund for my Baitcheck subscription?');
    expect(input()).toHaveValue('');
    expect(typing()).toHaveTextContent('Sam is typing…');

    await advance(2249);
    expect(bubbles('agent')).toHaveLength(1);
    expect(typing()).toHaveTextContent('Sam is typing…');

    await advance(1);
    expect(bubbles('agent')).toHaveLength(2);
    expect(typing()).toBeEmptyDOMElement();
    const reply = bubbles('agent')[1] as HTMLElement;
    expect(reply).toHaveTextContent('Plans are on the Upgrade page');
    expect(within(reply).getByRole('link', { name: 'Upgrade page' })).toHaveAttribute('href', '/subscription');
    expect(within(reply).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', manageSubscriptionHref);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('answers after 1.5 s at the shortest and 3 s at the longest', async () => {
    let r = 0;
    renderPage({ random: () => r });
    startChat();
    sendByEnter('hello');
    await advance(1499);
    expect(bubbles('agent')).toHaveLength(1);
    await advance(1);
    expect(bubbles('agent')[1]).toHaveTextContent('Thanks for your message');

    r = 0.9999999;
    sendByEnter('is this phishing');
    await advance(2999);
    expect(bubbles('agent')).toHaveLength(2);
    await advance(1);
    expect(within(bubbles('agent')[2] as HTMLElement).getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('does not send an empty or whitespace-only message: Send is disabled and Enter does nothing', async () => {
    renderPage();
    startChat();
    expect(sendButton()).toBeDisabled();
    expect(user.pressEnter(input())).toBe(false);
    user.typeInto(input(), ' \n\t  ');
    expect(sendButton()).toBeDisabled();
    user.pressEnter(input());
    fireEvent.submit(sendButton().closest('form')!);
    expect(bubbles('user')).toHaveLength(0);
    expect(input()).toHaveValue(' \n\t  ');
    expect(typing()).toBeEmptyDOMElement();
    await advance(5000);
    expect(bubbles()).toHaveLength(1);

    user.typeInto(input(), 'ok');
    expect(sendButton()).toBeEnabled();
  });

  it('Shift+Enter is left to the browser (a new line) instead of sending; the Send button sends', () => {
    renderPage();
    startChat();
    user.typeInto(input(), 'first line');
    expect(user.pressEnter(input(), { shiftKey: true })).toBe(true);
    expect(bubbles('user')).toHaveLength(0);
    user.typeInto(input(), 'first line\nsecond line');
    user.click(sendButton());
    expect(bubbles('user')).toHaveLength(1);
    expect(bubbles('user')[0]?.querySelector('p.whitespace-pre-wrap')?.textContent).toBe('first line\nsecond line');
    expect(input()).toHaveValue('');
  });

  it('answers messages sent while a reply is due in turn, one typing indicator at a time, none lost', async () => {
    renderPage({ random: () => 0 });
    startChat();
    sendByEnter('my subscription');
    await advance(1000);
    sendByEnter('no alerts arrive');
    sendByEnter('thanks');
    expect(screen.getAllByText('Sam is typing…')).toHaveLength(1);

    // the first reply keeps its time: the later messages did not restart it
    await advance(500);
    expect(bubbles().map((b) => b.getAttribute('data-sender'))).toEqual(['agent', 'user', 'user', 'user', 'agent']);
    expect(bubbles('agent')[1]).toHaveTextContent('Plans are on the Upgrade page');
    expect(typing()).toHaveTextContent('Sam is typing…');

    await advance(1500);
    expect(bubbles('agent')[2]).toHaveTextContent('Your alert choices are in Settings');
    expect(within(bubbles('agent')[2] as HTMLElement).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings?tab=notifications');
    expect(screen.getAllByText('Sam is typing…')).toHaveLength(1);
    await advance(1500);
    expect(bubbles('agent')[3]).toHaveTextContent('Thanks for your message');
    expect(typing()).toBeEmptyDOMElement();
    await advance(10_000);
    expect(bubbles('agent')).toHaveLength(4);
  });

  it("'End Chat' clears the chat, returns to the start view with focus on 'Start Chat', says 'Chat ended', and no reply comes later", async () => {
    renderPage();
    startChat();
    sendByEnter('refund');
    user.typeInto(input(), 'half typed');
    user.click(screen.getByRole('button', { name: 'End Chat' }));

    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Chat' })).toHaveFocus();
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveTextContent('Chat ended');

    expect(sessionStorage.getItem(LIVE_CHAT_STORAGE_KEY)).toBeNull();

    await advance(10_000);
    startChat();
    await advance(WELCOME_DELAY_MS);
    expect(bubbles()).toHaveLength(1);
    expect(bubbles('agent')[0]).toHaveTextContent("Hi, I'm Sam");
    expect(input()).toHaveValue('');
    expect(typing()).toBeEmptyDOMElement();
  });

  it('keeps the chat, and its reply coming, while the Support Hours tab is looked at', async () => {
    renderPage({ now: () => new Date('2025-01-14T15:00:00Z') });
    startChat();
    sendByEnter('alerts');
    user.chooseTab('Support Hours');
    const hours = screen.getByRole('tabpanel', { name: 'Support Hours' });
    expect(within(hours).getByText('Support team now: open (EST)')).toBeInTheDocument();
    expect(hours).toHaveTextContent('The support team answers requests sent through Contact Support, by email. No one answers this chat.');
    expect(within(hours).getByText(/Closes at 17:00\. In New York it is Tuesday 10:00\./)).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: 'Monday to Friday 9:00-17:00 EST' })).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: 'Saturday 10:00-14:00 EST' })).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: 'Sunday Closed' })).toBeInTheDocument();
    expect(hours).toHaveTextContent('Email responseAbout 24 hours');
    // no hours for a chat no person answers, and one way of writing times
    expect(hours).toHaveTextContent('Chat with a personNot available yet (this chat is an automated preview)');
    expect(hours).not.toHaveTextContent(/Live chat|9am|5pm|Now: open/);

    await advance(3000);
    user.chooseTab('Live Chat');
    expect(bubbles('user')).toHaveLength(1);
    expect(bubbles('agent')[1]).toHaveTextContent('Your alert choices are in Settings');
  });

  it('says when support is closed, and updates while the tab stays open', async () => {
    let now = new Date('2025-01-14T13:59:30Z'); // Tuesday 8:59:30 in New York
    renderPage({ now: () => now });
    user.chooseTab('Support Hours');
    expect(screen.getByText('Support team now: closed (EST)')).toBeInTheDocument();
    expect(screen.getByText('Opens today at 9:00. In New York it is Tuesday 8:59.')).toBeInTheDocument();
    now = new Date('2025-01-14T14:00:00Z');
    await advance(30_000);
    expect(screen.getByText('Support team now: open (EST)')).toBeInTheDocument();
  });
});

describe('Live Chat replies to someone who may have been caught', () => {
  it('tells them to call the bank now, with the steps and the assistant', async () => {
    renderPage({ random: () => 0 });
    startChat();
    sendByEnter('I typed my card number into the website');
    await advance(1500);
    const reply = bubbles('agent')[1] as HTMLElement;
    // the first thing the reply says
    expect(reply.querySelector('p.whitespace-pre-wrap')?.textContent).toMatch(
      /^If you shared card or bank details or paid someone, call your bank now on the number on the back of your card\./,
    );
    expect(within(reply).getByRole('link', { name: 'what to do after clicking a link' })).toHaveAttribute('href', '/knowledge-base?article=after-clicking-a-link');
    expect(within(reply).getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan');
    expect(within(reply).getByRole('link', { name: 'Virtual Assistant' })).toHaveAttribute('href', '/account?tab=assistant');
    expect(reply).not.toHaveTextContent(/Plans are on|24 hours/);
  });

  it('answers "is this a real person?" with a plain no', async () => {
    renderPage({ random: () => 0 });
    startChat();
    sendByEnter('Is this a real person?');
    await advance(1500);
    const reply = bubbles('agent')[1] as HTMLElement;
    expect(reply).toHaveTextContent('No. This chat is an automated preview: no person reads it');
    expect(within(reply).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-support');
    expect(within(reply).getByRole('link', { name: 'Virtual Assistant' })).toHaveAttribute('href', '/account?tab=assistant');
  });
});

describe('Live Chat kept for the tab', () => {
  it('finds the chat and the draft again after the page was left (a link followed, then Back), and answers a reply that was still due', async () => {
    const first = renderPage({ random: () => 0 });
    startChat();
    await advance(WELCOME_DELAY_MS);
    sendByEnter('help');
    await advance(1500);
    sendByEnter('Is this a real person?');
    user.typeInto(input(), 'half typed');
    expect(typing()).toHaveTextContent('Sam is typing…');
    // the person follows the link in the reply: the page goes away with a reply still due
    first.unmount();
    await advance(10_000);

    renderPage({ random: () => 0 });
    expect(screen.queryByRole('button', { name: 'Start Chat' })).not.toBeInTheDocument();
    expect(bubbles().map((b) => b.getAttribute('data-sender'))).toEqual(['agent', 'user', 'agent', 'user']);
    expect(bubbles('agent')[0]).toHaveTextContent("Hi, I'm Sam");
    expect(within(bubbles('agent')[1] as HTMLElement).getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan');
    expect(bubbles('user')[1]).toHaveTextContent('Is this a real person?');
    expect(input()).toHaveValue('half typed');
    expect(input()).not.toHaveFocus();
    // the reply still due is typed again, and arrives
    expect(typing()).toHaveTextContent('Sam is typing…');
    await advance(1500);
    expect(bubbles('agent')[2]).toHaveTextContent('No. This chat is an automated preview');
    expect(typing()).toBeEmptyDOMElement();

    // new messages carry on with ids of their own
    sendByEnter('thanks');
    await advance(1500);
    expect(bubbles()).toHaveLength(7);
    expect(new Set(bubbles().map((b) => b.textContent)).size).toBe(7);
  });

  it('keeps a chat left before its welcome came, and welcomes it on return', async () => {
    const first = renderPage();
    startChat();
    first.unmount();
    renderPage();
    expect(bubbles()).toHaveLength(0);
    await advance(WELCOME_DELAY_MS);
    expect(bubbles('agent')).toHaveLength(1);
  });

  it("forgets the chat on 'End Chat': the page comes back to 'Start Chat'", async () => {
    const first = renderPage();
    startChat();
    sendByEnter('refund for my subscription');
    expect(sessionStorage.getItem(LIVE_CHAT_STORAGE_KEY)).not.toBeNull();
    user.click(screen.getByRole('button', { name: 'End Chat' }));
    expect(sessionStorage.getItem(LIVE_CHAT_STORAGE_KEY)).toBeNull();
    first.unmount();
    renderPage();
    expect(screen.getByRole('button', { name: 'Start Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it("keeps Sam's replies as the name of the reply, and refuses a stored copy it did not write", () => {
    const first = renderPage({ random: () => 0 });
    startChat();
    sendByEnter('hello');
    const stored = JSON.parse(sessionStorage.getItem(LIVE_CHAT_STORAGE_KEY)!);
    expect(stored.messages[0]).toEqual({ id: expect.any(String), sender: 'agent', reply: 'welcome', timestamp: expect.any(String) });
    expect(JSON.stringify(stored)).not.toContain('href');
    first.unmount();

    for (const bad of [
      '{not json',
      JSON.stringify({ ...stored, v: 2 }),
      JSON.stringify({ ...stored, messages: [{ ...stored.messages[0], reply: 'phone us at 555' }] }),
      JSON.stringify({ ...stored, awaiting: ['nope'] }),
      JSON.stringify({ ...stored, messages: [stored.messages[0], stored.messages[0]] }),
    ]) {
      sessionStorage.setItem(LIVE_CHAT_STORAGE_KEY, bad);
      const again = renderPage();
      expect(screen.getByRole('button', { name: 'Start Chat' })).toBeInTheDocument();
      again.unmount();
    }
  });
});

describe('LiveChat cleanup', () => {
  /** Spies on the timers; `replyTimer()` is the id of the one started with the typing time (2250 ms). */
  function watchTimers() {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const replyTimer = () => {
      const i = set.mock.calls.findIndex((call) => call[1] === 2250);
      expect(i).toBeGreaterThanOrEqual(0);
      return set.mock.results[i]?.value as unknown;
    };
    const cleared = (id: unknown) => clear.mock.calls.some((call) => call[0] === id);
    return { replyTimer, cleared };
  }

  it('clears the reply timer when the page goes away', () => {
    const { unmount } = renderWithApp(<LiveChat random={() => 0.5} />);
    startChat();
    const timers = watchTimers();
    sendByEnter('refund');
    const reply = timers.replyTimer();
    expect(timers.cleared(reply)).toBe(false);
    unmount();
    expect(timers.cleared(reply)).toBe(true);
  });

  it('clears the reply timer on End Chat', () => {
    renderWithApp(<LiveChat random={() => 0.5} />);
    startChat();
    const timers = watchTimers();
    sendByEnter('refund');
    const reply = timers.replyTimer();
    expect(timers.cleared(reply)).toBe(false);
    user.click(screen.getByRole('button', { name: 'End Chat' }));
    expect(timers.cleared(reply)).toBe(true);
  });
});

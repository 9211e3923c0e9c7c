import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'wouter';
import { MessageCircle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { ChatBubble, ChatComposer, ChatHeader, ChatLog, TypingDots } from '@/components/chat/chat-parts';
import {
  AGENT_LABEL,
  CANNED_REPLIES,
  LIVE_CHAT_AGENT,
  LIVE_CHAT_MESSAGE_MAX_LENGTH,
  WELCOME_PARTS,
  chooseReply,
  replyDelayMs,
  replyText,
  type ReplyPart,
} from './canned-replies';
import { forgetChat, loadChat, saveChat, type AgentReply, type StoredChat } from './live-chat-storage';

/** A message of the chat (spec section 3, live chat message); the agent's carry their links as parts. */
export interface LiveChatMessage {
  id: string;
  sender: 'user' | 'agent';
  content: string;
  parts: readonly ReplyPart[];
  /** Which canned message an agent's message is (how a stored chat is rebuilt). */
  reply?: AgentReply;
  /** ISO time the message appeared. */
  timestamp: string;
  agentName?: string;
  agentAvatar?: string;
}

/**
 * Spec section 3, live chat states: not started, or chatting (with the typing indicator while a
 * reply is due). A chat just started has no message yet: the welcome follows a moment later.
 */
interface ChatState {
  status: 'not-started' | 'chatting';
  messages: LiveChatMessage[];
  /** The person's messages still to be answered, oldest first: each gets its own reply, in turn. */
  awaiting: string[];
}

type ChatAction =
  | { type: 'start' }
  | { type: 'welcome'; id: string; at: string }
  | { type: 'send'; id: string; welcomeId: string; content: string; at: string }
  | { type: 'reply'; to: string; id: string; at: string }
  | { type: 'end' };

const NOT_STARTED: ChatState = { status: 'not-started', messages: [], awaiting: [] };

/**
 * How long after 'Start Chat' the welcome arrives. The conversation log is put on the page empty
 * first, so that a screen reader has it as a live region when the welcome is added, and reads it
 * (once) after the message box that takes the focus.
 */
export const WELCOME_DELAY_MS = 500;

function agentMessage(id: string, reply: AgentReply, at: string): LiveChatMessage {
  const parts = reply === 'welcome' ? WELCOME_PARTS : CANNED_REPLIES[reply];
  return { id, sender: 'agent', content: replyText(parts), parts, reply, timestamp: at, agentName: LIVE_CHAT_AGENT.name, agentAvatar: LIVE_CHAT_AGENT.avatar };
}

function userMessage(id: string, content: string, at: string): LiveChatMessage {
  return { id, sender: 'user', content, parts: [content], timestamp: at };
}

function reduce(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'start':
      return { status: 'chatting', messages: [], awaiting: [] };
    case 'welcome':
      if (state.status !== 'chatting' || state.messages.length > 0) return state;
      return { ...state, messages: [agentMessage(action.id, 'welcome', action.at)] };
    case 'send': {
      if (state.status !== 'chatting') return state;
      // A message sent before the welcome came: the welcome comes first, at once.
      const before = state.messages.length > 0 ? state.messages : [agentMessage(action.welcomeId, 'welcome', action.at)];
      return {
        ...state,
        messages: [...before, userMessage(action.id, action.content, action.at)],
        awaiting: [...state.awaiting, action.id],
      };
    }
    case 'reply': {
      // A reply due to a chat that has since ended (or to another message) is dropped.
      if (state.status !== 'chatting' || state.awaiting[0] !== action.to) return state;
      const question = state.messages.find((m) => m.id === action.to);
      if (!question) return state;
      return {
        ...state,
        messages: [...state.messages, agentMessage(action.id, chooseReply(question.content).topic, action.at)],
        awaiting: state.awaiting.slice(1),
      };
    }
    case 'end':
      return NOT_STARTED;
  }
}

/** The chat as this tab left it (after a link was followed and Back pressed), or not started. */
function restore(): { state: ChatState; draft: string; lastId: number } {
  const stored = loadChat();
  if (!stored) return { state: NOT_STARTED, draft: '', lastId: 0 };
  const messages = stored.messages.map((m) => (m.sender === 'user' ? userMessage(m.id, m.content, m.timestamp) : agentMessage(m.id, m.reply, m.timestamp)));
  // New ids carry on after the stored ones.
  const lastId = Math.max(0, ...messages.map((m) => Number(/^lc(\d+)$/.exec(m.id)?.[1] ?? 0)));
  return { state: { status: 'chatting', messages, awaiting: stored.awaiting }, draft: stored.draft, lastId };
}

function toStored(state: ChatState, draft: string): StoredChat {
  return {
    messages: state.messages.map((m) =>
      m.sender === 'agent' && m.reply
        ? { id: m.id, sender: 'agent', reply: m.reply, timestamp: m.timestamp }
        : { id: m.id, sender: 'user', content: m.content, timestamp: m.timestamp },
    ),
    awaiting: state.awaiting,
    draft,
  };
}

function AgentAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-strong', className)}
    >
      {LIVE_CHAT_AGENT.avatar}
    </span>
  );
}

function MessageParts({ parts }: { parts: readonly ReplyPart[] }) {
  return (
    <p className="whitespace-pre-wrap">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={i} href={part.href} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
            {part.text}
          </Link>
        ),
      )}
    </p>
  );
}

function LiveChatBubble({ message }: { message: LiveChatMessage }) {
  const mine = message.sender === 'user';
  return (
    <ChatBubble mine={mine} who={mine ? 'You' : AGENT_LABEL} timestamp={message.timestamp} avatar={<AgentAvatar />} data-sender={message.sender}>
      <MessageParts parts={message.parts} />
    </ChatBubble>
  );
}

/**
 * Says "Sam is typing…" while a reply is due. The region is always there (only its words change),
 * so a screen reader announces the change politely; it sits under the conversation rather than in
 * it, so the log announces only messages.
 */
function TypingStatus({ typing }: { typing: boolean }) {
  return (
    <div role="status" className="flex h-7 items-center gap-2 px-4 text-xs text-slate-600" data-testid="live-chat-typing">
      {typing ? (
        <>
          <TypingDots small />
          <span>{LIVE_CHAT_AGENT.name} is typing…</span>
        </>
      ) : null}
    </div>
  );
}

/**
 * The Live Chat tab (spec section 2): simulated on this page, with no server call. 'Start Chat'
 * opens with the agent's welcome; each message is answered in turn after 1.5 to 3 s of "typing";
 * 'End Chat' forgets the chat and says 'Chat ended'. The chat and the draft are kept for this tab
 * (not its timers: a reply still due when the page was left is typed again when it comes back).
 * `random` spreads the typing time (tests fix it).
 */
export function LiveChat({ random = Math.random }: { random?: () => number }) {
  const id = useId();
  const inputId = `${id}-input`;
  const [restored] = useState(restore);
  const [state, dispatch] = useReducer(reduce, restored.state);
  const [draft, setDraft] = useState(restored.draft);
  const startId = `${id}-start`;
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(restored.lastId);
  const newId = () => `lc${++nextId.current}`;
  // Focus moves only after the person's own Start or End, never as the page opens.
  const focusAfter = useRef<'start' | 'end' | null>(null);
  const randomRef = useRef(random);
  useLayoutEffect(() => {
    randomRef.current = random;
  }, [random]);

  // Kept for the tab while chatting; forgotten once the chat ends.
  useEffect(() => {
    if (state.status === 'chatting') saveChat(toStored(state, draft));
    else forgetChat();
  }, [state, draft]);

  // The welcome, a moment after the (empty) log is on the page.
  const welcomeDue = state.status === 'chatting' && state.messages.length === 0;
  useEffect(() => {
    if (!welcomeDue) return;
    const timer = setTimeout(() => dispatch({ type: 'welcome', id: `lc${++nextId.current}`, at: new Date().toISOString() }), WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [welcomeDue]);

  // One reply at a time: the timer belongs to the oldest unanswered message, so a message sent
  // meanwhile waits its turn instead of restarting or overlapping the typing. Ending the chat or
  // leaving the page clears the timer: no reply arrives afterwards.
  const answering = state.awaiting[0];
  useEffect(() => {
    if (!answering) return;
    const timer = setTimeout(
      () => dispatch({ type: 'reply', to: answering, id: `lc${++nextId.current}`, at: new Date().toISOString() }),
      replyDelayMs(randomRef.current),
    );
    return () => clearTimeout(timer);
  }, [answering]);

  useEffect(() => {
    const after = focusAfter.current;
    focusAfter.current = null;
    if (after === 'start' && state.status === 'chatting') document.getElementById(inputId)?.focus();
    if (after === 'end' && state.status === 'not-started') document.getElementById(startId)?.focus();
  }, [state.status, inputId, startId]);

  // The newest message in view, without smooth scrolling (reduced motion needs no exception).
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length]);

  const start = () => {
    focusAfter.current = 'start';
    dispatch({ type: 'start' });
  };

  const end = () => {
    focusAfter.current = 'end';
    dispatch({ type: 'end' });
    setDraft('');
    toast({ title: 'Chat ended' });
  };

  const content = draft.trim();
  const send = () => {
    if (!content) return;
    dispatch({ type: 'send', welcomeId: newId(), id: newId(), content, at: new Date().toISOString() });
    setDraft('');
  };

  if (state.status === 'not-started') {
    return (
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <AgentAvatar className="h-12 w-12 text-lg" />
        <div>
          <h2 className="text-base font-semibold text-slate-900">{AGENT_LABEL}</h2>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            Quick pointers to the right place in Baitcheck for plans and billing, checking a message or link, and notifications. The
            replies are written in advance.
          </p>
        </div>
        <Button id={startId} onClick={start}>
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          Start Chat
        </Button>
      </Card>
    );
  }

  return (
    <Card className="overflow-hidden">
      <ChatHeader
        avatar={<AgentAvatar />}
        title={AGENT_LABEL}
        subtitle="No person reads this chat."
        action={
          <Button variant="outline" size="sm" onClick={end}>
            <X aria-hidden="true" className="h-4 w-4" />
            End Chat
          </Button>
        }
      />

      <ChatLog label={`Conversation with ${LIVE_CHAT_AGENT.name}`} logRef={logRef}>
        {state.messages.map((message) => (
          <LiveChatBubble key={message.id} message={message} />
        ))}
      </ChatLog>

      <TypingStatus typing={state.awaiting.length > 0} />

      <ChatComposer
        inputId={inputId}
        label={`Message to ${LIVE_CHAT_AGENT.name}`}
        value={draft}
        onChange={setDraft}
        onSend={send}
        maxLength={LIVE_CHAT_MESSAGE_MAX_LENGTH}
        placeholder="Type your message…"
        hint="Enter sends, Shift+Enter starts a new line. Nothing you type leaves this page."
        canSend={content !== ''}
      />
    </Card>
  );
}

import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { MessageCircle, SendHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { ChatBubble, ChatHeader, ChatLog, TypingDots } from '@/components/chat/chat-parts';
import {
  AGENT_LABEL,
  LIVE_CHAT_AGENT,
  LIVE_CHAT_MESSAGE_MAX_LENGTH,
  WELCOME_PARTS,
  chooseReply,
  replyDelayMs,
  replyText,
  type ReplyPart,
} from './canned-replies';

/** A message of the chat (spec section 3, live chat message); the agent's carry their links as parts. */
export interface LiveChatMessage {
  id: string;
  sender: 'user' | 'agent';
  content: string;
  parts: readonly ReplyPart[];
  /** ISO time the message appeared. */
  timestamp: string;
  agentName?: string;
  agentAvatar?: string;
}

/** Spec section 3, live chat states: not started, or chatting (with the typing indicator while a reply is due). */
interface ChatState {
  status: 'not-started' | 'chatting';
  messages: LiveChatMessage[];
  /** The person's messages still to be answered, oldest first: each gets its own reply, in turn. */
  awaiting: string[];
}

type ChatAction =
  | { type: 'start'; id: string; at: string }
  | { type: 'send'; id: string; content: string; at: string }
  | { type: 'reply'; to: string; id: string; at: string }
  | { type: 'end' };

const NOT_STARTED: ChatState = { status: 'not-started', messages: [], awaiting: [] };

function agentMessage(id: string, parts: readonly ReplyPart[], at: string): LiveChatMessage {
  return { id, sender: 'agent', content: replyText(parts), parts, timestamp: at, agentName: LIVE_CHAT_AGENT.name, agentAvatar: LIVE_CHAT_AGENT.avatar };
}

function reduce(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'start':
      return { status: 'chatting', messages: [agentMessage(action.id, WELCOME_PARTS, action.at)], awaiting: [] };
    case 'send':
      if (state.status !== 'chatting') return state;
      return {
        ...state,
        messages: [...state.messages, { id: action.id, sender: 'user', content: action.content, parts: [action.content], timestamp: action.at }],
        awaiting: [...state.awaiting, action.id],
      };
    case 'reply': {
      // A reply due to a chat that has since ended (or to another message) is dropped.
      if (state.status !== 'chatting' || state.awaiting[0] !== action.to) return state;
      const question = state.messages.find((m) => m.id === action.to);
      if (!question) return state;
      return {
        ...state,
        messages: [...state.messages, agentMessage(action.id, chooseReply(question.content).parts, action.at)],
        awaiting: state.awaiting.slice(1),
      };
    }
    case 'end':
      return NOT_STARTED;
  }
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
 * 'End Chat' forgets the chat and says 'Chat ended'. `random` spreads the typing time (tests fix it).
 */
export function LiveChat({ random = Math.random }: { random?: () => number }) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const [state, dispatch] = useReducer(reduce, NOT_STARTED);
  const [draft, setDraft] = useState('');
  const startId = `${id}-start`;
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(0);
  const newId = () => `lc${++nextId.current}`;
  // Focus moves only after the person's own Start or End, never as the page opens.
  const focusAfter = useRef<'start' | 'end' | null>(null);
  const randomRef = useRef(random);
  useLayoutEffect(() => {
    randomRef.current = random;
  }, [random]);

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
    dispatch({ type: 'start', id: newId(), at: new Date().toISOString() });
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
    dispatch({ type: 'send', id: newId(), content, at: new Date().toISOString() });
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
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

      <form
        className="border-t border-slate-200 bg-slate-50 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Label htmlFor={inputId} className="sr-only">
          Message to {LIVE_CHAT_AGENT.name}
        </Label>
        <div className="flex items-end gap-2">
          <Textarea
            id={inputId}
            rows={2}
            value={draft}
            maxLength={LIVE_CHAT_MESSAGE_MAX_LENGTH}
            placeholder="Type your message…"
            aria-describedby={hintId}
            className="max-h-40 min-h-12! resize-none! [field-sizing:content]"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={!content} className="shrink-0">
            <SendHorizontal aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          Enter sends, Shift+Enter starts a new line. Nothing you type leaves this page.
        </p>
      </form>
    </Card>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Bot, RotateCcw } from 'lucide-react';
import type { AssistantChatResponse, ChatTurn } from '@baitcheck/contracts';
import { MAX_ASSISTANT_QUERY_LENGTH } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { ASSISTANT_UNREACHABLE, isUnanswered, useAskAssistant } from '@/lib/api/assistant';
import { AnswerSources, AnswerText, AnswerVerdict } from './assistant-answer';
import { ChatBubble, ChatComposer, ChatHeader, ChatLog, TypingDots } from '@/components/chat/chat-parts';

/** The first message of every conversation; never sent back as history. */
export const ASSISTANT_GREETING = [
  "Hi! I'm your Baitcheck assistant. I can help you:",
  '- understand how common scams and phishing tricks work',
  '- check a message or link: paste it here and I will tell you what I think of it',
  '- know what to do next if you clicked a link, shared your details or paid someone',
  'I will never ask for your passwords, PINs or verification codes, and you should never share them with anyone.',
].join('\n');

interface ChatEntry {
  id: string;
  role: ChatTurn['role'];
  content: string;
  /** ISO time the message was written (the server's for answers). */
  timestamp: string;
  greeting?: boolean;
  sources?: AssistantChatResponse['sources'];
  scan?: AssistantChatResponse['scan'];
}

function startConversation(): ChatEntry[] {
  return [{ id: 'greeting', role: 'assistant', content: ASSISTANT_GREETING, timestamp: new Date().toISOString(), greeting: true }];
}

function validTimestamp(value: string): string {
  return Number.isNaN(Date.parse(value)) ? new Date().toISOString() : value;
}

function AssistantBubble({ entry }: { entry: ChatEntry }) {
  const mine = entry.role === 'user';
  return (
    <ChatBubble mine={mine} who={mine ? 'You' : 'Assistant'} timestamp={entry.timestamp} className="max-w-[95%] sm:max-w-[85%]" data-role={entry.role}>
      {/* The verdict comes first: it is what the person came for; the answer explains it. */}
      {entry.scan ? <AnswerVerdict scan={entry.scan} /> : null}
      {mine ? <p className="whitespace-pre-wrap">{entry.content}</p> : <AnswerText text={entry.content} />}
      <AnswerSources sources={entry.sources} />
    </ChatBubble>
  );
}

function TypingIndicator() {
  return (
    <div className="flex items-start" data-testid="assistant-typing">
      <div className="rounded-2xl rounded-bl-md border border-slate-200 bg-slate-50 px-4 py-3">
        <span className="sr-only">The assistant is typing…</span>
        <TypingDots />
      </div>
    </div>
  );
}

/** The Virtual Assistant tab: a chat kept in this component only; clearing or leaving forgets it. */
export function AssistantTab() {
  const id = useId();
  const inputId = `${id}-input`;
  const [messages, setMessages] = useState<ChatEntry[]>(startConversation);
  const [draft, setDraft] = useState('');
  const ask = useAskAssistant();
  const pending = ask.isPending;
  const logRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nextId = useRef(0);
  // A reply to a conversation that has since been cleared (or left) is dropped.
  const conversation = useRef(0);
  const refocus = useRef(false);

  useEffect(
    () => () => {
      conversation.current += 1;
    },
    [],
  );

  // Keep the newest message in view; a reply taller than the log is shown from its start.
  useLayoutEffect(() => {
    const log = logRef.current;
    const newest = log?.lastElementChild as HTMLElement | null | undefined;
    if (!log || !newest) return;
    const fromTop = newest.offsetTop - 12;
    log.scrollTop = newest.offsetHeight > log.clientHeight - 24 ? fromTop : log.scrollHeight;
  }, [messages, pending]);

  // Disabling the input while waiting drops its focus: give it back once it can be typed in again.
  useEffect(() => {
    if (pending || !refocus.current) return;
    refocus.current = false;
    // Browsers differ: the disabled control may keep focus or hand it to the body.
    const active = document.activeElement;
    if (!active || active === document.body || formRef.current?.contains(active)) document.getElementById(inputId)?.focus();
  }, [pending, inputId]);

  // The conversation a question is being sent in, set at once: `pending` reaches the screen a
  // moment later than a second Enter or click can, and each would ask again and add the question
  // twice. A cleared conversation no longer waits for the answer to the old one.
  const sendingIn = useRef<number | null>(null);
  // Closes the "Can't reach Baitcheck" toast once the question is sent again.
  const closeOfflineToast = useRef<(() => void) | null>(null);

  const send = async () => {
    const query = draft.trim();
    if (!query || pending || sendingIn.current === conversation.current) return;
    const history: ChatTurn[] = messages.filter((m) => !m.greeting).map(({ role, content }) => ({ role, content }));
    const turn = conversation.current;
    sendingIn.current = turn;
    closeOfflineToast.current?.();
    const questionId = `m${++nextId.current}`;
    setMessages((prev) => [
      ...prev,
      { id: questionId, role: 'user', content: query, timestamp: new Date().toISOString() },
    ]);
    setDraft('');
    refocus.current = true;
    try {
      const answer = await ask.mutateAsync({ query, history });
      if (turn !== conversation.current) return;
      setMessages((prev) => [
        ...prev,
        {
          id: `m${++nextId.current}`,
          role: 'assistant',
          content: answer.answer,
          timestamp: validTimestamp(answer.timestamp),
          sources: answer.sources,
          scan: answer.scan,
        },
      ]);
    } catch (error) {
      if (turn !== conversation.current) return;
      if (isUnanswered(error)) {
        // It never reached Baitcheck: the question goes back in the box, to send again.
        setMessages((prev) => prev.filter((m) => m.id !== questionId));
        setDraft((typed) => typed || query);
        closeOfflineToast.current = toast(ASSISTANT_UNREACHABLE).dismiss;
      } else toast({ title: 'Error', description: 'Unable to get a response. Please try again later.', variant: 'destructive' });
    } finally {
      if (sendingIn.current === turn) sendingIn.current = null;
    }
  };

  const clear = () => {
    conversation.current += 1;
    ask.reset();
    setMessages(startConversation());
  };

  return (
    <Card className="overflow-hidden">
      <ChatHeader
        avatar={
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
            <Bot aria-hidden="true" className="h-5 w-5" />
          </span>
        }
        title="Virtual Assistant"
        subtitle="Ask about scams, or paste a message or link to check it."
        action={
          <Button variant="ghost" size="sm" onClick={clear}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Clear conversation
          </Button>
        }
      />

      <ChatLog label="Conversation with the assistant" logRef={logRef} className="relative">
        {messages.map((entry) => (
          <AssistantBubble key={entry.id} entry={entry} />
        ))}
        {pending ? <TypingIndicator /> : null}
      </ChatLog>

      <ChatComposer
        formRef={formRef}
        inputId={inputId}
        label="Message to the assistant"
        value={draft}
        onChange={setDraft}
        onSend={() => void send()}
        maxLength={MAX_ASSISTANT_QUERY_LENGTH}
        placeholder="Ask a question, or paste a message or link…"
        hint="Press Enter to send, Shift+Enter for a new line."
        busy={pending}
      />
    </Card>
  );
}

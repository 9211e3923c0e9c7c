import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** Hours and minutes in the person's locale, e.g. 14:05. */
export function formatChatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * The top of a chat panel (the assistant, Live Chat): who one talks to, a line under it, and the
 * panel's one action (clear, end).
 */
export function ChatHeader({ avatar, title, subtitle, action }: { avatar: ReactNode; title: string; subtitle: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4">
      <div className="flex min-w-0 items-center gap-3">
        {avatar}
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
      </div>
      {action}
    </div>
  );
}

/**
 * The conversation: a 400 px scrolling log (spec section 9) that screen readers follow as new
 * messages arrive; it takes the focus so a keyboard can scroll it.
 */
export function ChatLog({ label, logRef, className, children }: { label: string; logRef?: Ref<HTMLDivElement>; className?: string; children: ReactNode }) {
  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label={label}
      tabIndex={0}
      className={cn('h-[400px] space-y-4 overflow-y-auto overscroll-contain bg-white p-4 focus-ring', className)}
    >
      {children}
    </div>
  );
}

/**
 * One message: who wrote it and when above the bubble, the person's own on the right in the
 * primary colour, the other side's on the left (with an avatar when given).
 */
export function ChatBubble({
  mine,
  who,
  timestamp,
  avatar,
  className,
  children,
  ...data
}: {
  mine: boolean;
  who: string;
  timestamp: string;
  avatar?: ReactNode;
  /** Classes of the other side's bubble (its width). */
  className?: string;
  children: ReactNode;
} & { [key: `data-${string}`]: string }) {
  return (
    <div className={cn('flex items-end gap-2', mine ? 'justify-end' : 'justify-start')} {...data}>
      {mine ? null : avatar}
      <div className={cn('flex min-w-0 flex-1 flex-col', mine ? 'items-end' : 'items-start')}>
        <p className="mb-1 px-1 text-xs text-slate-600">
          <span className="font-semibold text-slate-700">{who}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={timestamp}>{formatChatTime(timestamp)}</time>
        </p>
        <div
          className={cn(
            'rounded-2xl px-3 py-2 text-sm leading-relaxed [overflow-wrap:anywhere]',
            mine ? 'max-w-[85%] self-end rounded-br-md bg-primary text-white' : cn('rounded-bl-md border border-slate-200 bg-slate-50 text-slate-900', className),
          )}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

/** Three bouncing dots (still when reduced motion is asked for); the words beside them say who is typing. */
export function TypingDots({ small = false }: { small?: boolean }) {
  return (
    <span aria-hidden="true" className="flex gap-1">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className={cn('animate-bounce rounded-full bg-slate-500 motion-reduce:animate-none', small ? 'h-1.5 w-1.5' : 'h-2 w-2')}
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}

/**
 * Where one writes the next message: a growing text box (Enter sends, Shift+Enter is a new line,
 * an Enter that confirms an IME composition is neither), the Send button and a hint under them.
 */
export function ChatComposer({
  inputId,
  label,
  value,
  onChange,
  onSend,
  maxLength,
  placeholder,
  hint,
  busy = false,
  canSend,
  formRef,
}: {
  inputId: string;
  /** The text box's name for screen readers ('Message to the assistant'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  maxLength: number;
  placeholder: string;
  hint: string;
  /** A reply is being fetched: the box and the button wait. */
  busy?: boolean;
  /** Whether the Send button is on (default: while not busy). */
  canSend?: boolean;
  formRef?: Ref<HTMLFormElement>;
}) {
  const hintId = `${inputId}-hint`;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    onSend();
  };
  return (
    <form
      ref={formRef}
      className="border-t border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <Label htmlFor={inputId} className="sr-only">
        {label}
      </Label>
      <div className="flex items-end gap-2">
        <Textarea
          id={inputId}
          rows={2}
          value={value}
          maxLength={maxLength}
          disabled={busy}
          placeholder={placeholder}
          aria-describedby={hintId}
          className="max-h-40 min-h-12! resize-none! [field-sizing:content]"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!(canSend ?? !busy)} className="shrink-0">
          <SendHorizontal aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </form>
  );
}

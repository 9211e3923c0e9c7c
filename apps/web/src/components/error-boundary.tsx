import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { RotateCw, WifiOff, AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { failedChunkAddress, isChunkLoadError, retryFailedChunks } from '@/lib/chunk-load';
import { cn } from '@/lib/cn';

/** What the message stands in for: a whole page (a heading of its own), or a part of one (a dialog's content). */
type Place = 'page' | 'part';

const WORDING = {
  chunk: {
    page: { title: 'This page could not load', text: 'Check your connection and try again. Nothing you saved is lost.' },
    part: { title: undefined, text: 'This could not load. Check your connection and try again.' },
    action: 'Try again',
  },
  /** Try again pressed while still offline: the message comes back, saying so. */
  stillOffline: {
    page: { title: 'This page could not load', text: "Still no connection. This page will load by itself when you're back online." },
    part: { title: undefined, text: "Still no connection. This will load by itself when you're back online." },
    action: 'Try again',
  },
  fault: {
    page: {
      title: 'Something went wrong on this page',
      text: 'This is a fault in Baitcheck, not something you did. Reloading the page usually fixes it.',
    },
    part: { title: undefined, text: 'Something went wrong here. Reloading the page usually fixes it.' },
    action: 'Reload',
  },
} as const;

function FailureMessage({
  place,
  className,
  chunk,
  onAction,
  onOnline,
  failedOffline,
  stillOffline,
  focusAction,
}: {
  place: Place;
  className?: string;
  chunk: boolean;
  failedOffline: boolean;
  /** A retry failed again, offline. */
  stillOffline: boolean;
  /** The message comes back after a retry that had the focus: the focus goes on its button again. */
  focusAction: boolean;
  onAction: (message: HTMLElement | null) => void;
  onOnline?: (message: HTMLElement | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const wording = chunk ? (stillOffline ? WORDING.stillOffline : WORDING.chunk) : WORDING.fault;
  // on the new message's Try again, where it was pressed: not dropped to the page (true only as it shows)
  useEffect(() => {
    if (focusAction) ref.current?.querySelector('button')?.focus();
  }, [focusAction]);
  const { title, text } = wording[place];
  // once, when the connection comes back while this shows (a retry that fails again shows a new
  // message), or at once when it came back before this showed (that 'online' has gone by)
  useEffect(() => {
    if (!onOnline) return;
    const online = () => onOnline(ref.current);
    if (failedOffline && navigator.onLine) {
      online();
      return;
    }
    window.addEventListener('online', online, { once: true });
    return () => window.removeEventListener('online', online);
  }, [onOnline, failedOffline]);
  const Icon = chunk ? WifiOff : AlertCircle;
  return (
    <div
      ref={ref}
      role="alert"
      className={cn(
        'text-slate-900',
        place === 'page' ? 'mx-auto mt-8 max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm' : 'rounded-lg border border-slate-300 bg-slate-100 p-3 text-sm',
        className,
      )}
    >
      {title ? (
        <div className="mb-3 flex items-center gap-2">
          <Icon aria-hidden="true" className="h-7 w-7 shrink-0 text-slate-700" />
          <h1 className="text-xl font-bold">{title}</h1>
        </div>
      ) : null}
      <p className={cn(place === 'page' ? 'text-base text-slate-700' : 'flex items-center gap-2')}>
        {title ? null : <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />}
        {text}
      </p>
      <Button variant={place === 'page' ? 'default' : 'outline'} size={place === 'page' ? 'md' : 'sm'} className="mt-4" onClick={() => onAction(ref.current)}>
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {wording.action}
      </Button>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  place?: Place;
  /** The message's own spacing where it shows. */
  className?: string;
  /** A new value shows the children again (the location: another page opened after a failure). */
  resetKey?: unknown;
  /**
   * Called when a retry takes the message away: `focusWasHere` when the focus was in it (or
   * nowhere), so the caller puts the focus on what loads in its place, and otherwise leaves the
   * focus where the person moved it meanwhile.
   */
  onRetry?: (focusWasHere: boolean) => void;
  /** How the page is reloaded: a test's own. */
  reload?: () => void;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
  /** Retries in place since the last reset (the location changed). */
  retries: number;
  /** Whether the browser believed it was online when the failure came. */
  failedOnline: boolean;
}

/**
 * Shows a message in place of children that failed to render, so a failure never empties the
 * whole app (the header, the banner and the navigation stay). A chunk of code that failed to load
 * (the connection dropped) gets "Try again", and is tried again by itself once when the connection
 * comes back; it loads from an address of its own (lazyWithRetry, lib/chunk-load.ts), or, where the
 * failure names no address or a retry failed while online (a chunk it needs is the one that
 * failed), the page is reloaded. Any other error is a fault in the page: logged, with "Reload",
 * never retried by itself.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false, resetKey: this.props.resetKey, retries: 0, failedOnline: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true, failedOnline: navigator.onLine };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { resetKey: props.resetKey, error: undefined, failed: false, retries: 0 };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) console.warn('A part of Baitcheck could not load', error);
    else console.error('A part of Baitcheck failed to show', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    // the message shown again has taken the focus, or the page loaded: either way it is used
    if (this.state.failed || this.state.retries === 0) this.focusAfterRetry = false;
    // another page opened after a failure: the failed one loads again when it is next opened
    if (!Object.is(previous.resetKey, this.props.resetKey)) retryFailedChunks();
  }

  /** The retry had the focus: if it fails again, the new message's button takes it. */
  private focusAfterRetry = false;

  private reload = () => (this.props.reload ?? (() => window.location.reload()))();

  private retry = (message: HTMLElement | null) => {
    const { error, retries, failedOnline } = this.state;
    if (failedChunkAddress(error) === undefined || (retries > 0 && failedOnline)) {
      this.reload();
      return;
    }
    const active = document.activeElement;
    const focusWasHere = !active || active === document.body || (message?.contains(active) ?? false);
    retryFailedChunks();
    this.focusAfterRetry = focusWasHere;
    this.setState({ error: undefined, failed: false, retries: retries + 1 });
    this.props.onRetry?.(focusWasHere);
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <FailureMessage
        place={this.props.place ?? 'page'}
        className={this.props.className}
        chunk={chunk}
        onAction={chunk ? this.retry : this.reload}
        onOnline={chunk ? this.retry : undefined}
        failedOffline={!this.state.failedOnline}
        stillOffline={chunk && this.state.retries > 0 && !this.state.failedOnline}
        focusAction={this.focusAfterRetry}
      />
    );
  }
}

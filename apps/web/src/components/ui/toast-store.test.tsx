import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { FEEDBACK_TEXTS } from '@/components/use-feedback-actions';
import { Toaster } from './toaster';
import { dismissToast, getToasts, toast, toastDurationMs, TOAST_DURATION_MS, TOAST_WITH_ACTION_DURATION_MS } from './toast-store';

afterEach(() => {
  for (const t of getToasts()) act(() => dismissToast(t.id));
  vi.useRealTimers();
});

describe('how long a toast shows', () => {
  it("is the specification's 5000 ms for a short one, and 10 s for one with an action", () => {
    expect(toastDurationMs({ title: 'Sensitivity updated' })).toBe(TOAST_DURATION_MS);
    expect(toastDurationMs({ title: 'Message deleted', description: 'The message has been removed from your history.', action: { label: 'Undo', altText: 'Undo', onClick: () => {} } })).toBe(
      TOAST_WITH_ACTION_DURATION_MS,
    );
  });

  it('grows with the words to read, up to 20 s', () => {
    // the block note: 30-odd words, which nobody reads in 5 s (new-user review)
    const blocked = toastDurationMs(FEEDBACK_TEXTS.blocked);
    expect(blocked).toBeGreaterThanOrEqual(10_000);
    expect(blocked).toBeLessThanOrEqual(20_000);
    expect(toastDurationMs(FEEDBACK_TEXTS.reported('email'))).toBeGreaterThan(TOAST_DURATION_MS);
    expect(toastDurationMs({ title: 'x', description: 'word '.repeat(500) })).toBe(20_000);
    // white space is not words
    expect(toastDurationMs({ title: '  ', description: '\n\n\t ' })).toBe(TOAST_DURATION_MS);
  });

  it('keeps a long note on screen past 5 s, and takes it away by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => void toast(FEEDBACK_TEXTS.blocked));
    expect(screen.getByText('Sender blocked')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(getToasts().find((t) => t.title === 'Sender blocked')?.open).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(toastDurationMs(FEEDBACK_TEXTS.blocked)));
    expect(getToasts().find((t) => t.title === 'Sender blocked')?.open).not.toBe(true);
  });
});

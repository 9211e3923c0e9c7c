import type { Message, MessageSummary, MessagesQuery } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { HistoryWindow } from './history-window.ts';
import type { HistoryCursor, MessagesRepository } from './messages.repository.ts';

/** The most JSON one page of the history carries (`HISTORY_PAGE_BYTES`); past it the page ends early. */
export const HISTORY_PAGE_BYTES = 1_000_000;

/** `<ISO time>_<id>`: what the client passes back as `before` (the history's, and the reports'). */
export function encodeCursor(cursor: HistoryCursor): string {
  return `${cursor.scanDate.toISOString()}_${cursor.id}`;
}

/** The time and id of a cursor {@link encodeCursor} made (already checked by the contract's query schema). */
export function decodeCursor(value: string): HistoryCursor {
  const at = value.indexOf('_');
  return { scanDate: new Date(value.slice(0, at)), id: value.slice(at + 1) };
}

/**
 * The history: list and delete a user's stored scans. Only the scans within the plan's history
 * window (`window`) are shown; older ones wait for the retention job.
 */
export function createMessagesService(repo: MessagesRepository, options: { window: HistoryWindow; pageBytes?: number }) {
  const maxBytes = options.pageBytes ?? HISTORY_PAGE_BYTES;
  return {
    /**
     * One page of the history: `limit` messages at most, ending early at the byte budget, so
     * a history of long messages never makes one huge answer. `next` is the cursor of the
     * following page, or null on the last one.
     */
    async list(userId: string, query: MessagesQuery): Promise<{ messages: MessageSummary[]; next: string | null }> {
      // a newcomer has no history: nothing to ask the database
      if (userId === '') return { messages: [], next: null };
      const page = await repo.list(userId, { since: await options.window.since(userId), limit: query.limit, maxBytes, threatLevel: query.threatLevel, before: query.before === undefined ? undefined : decodeCursor(query.before) });
      return { messages: page.messages, next: page.next ? encodeCursor(page.next) : null };
    },

    /**
     * Another user's message is answered exactly like a missing one, so ids leak nothing; so is
     * one past the history window.
     */
    async requireMessage(userId: string, id: string): Promise<Message> {
      // a newcomer has no history: nothing to ask the database
      const message = userId === '' ? undefined : await repo.find(userId, id, await options.window.since(userId));
      if (!message) throw new AppError('MESSAGE_NOT_FOUND');
      return message;
    },

    async delete(userId: string, id: string): Promise<{ success: true }> {
      if (!(await repo.delete(userId, id))) throw new AppError('MESSAGE_NOT_FOUND');
      return { success: true };
    },
  };
}

/** The messages service. */
export type MessagesService = ReturnType<typeof createMessagesService>;

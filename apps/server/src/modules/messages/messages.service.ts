import type { Message, MessagesQuery } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { MessagesRepository } from './messages.repository.ts';

/** The history: list and delete a user's stored scans. */
export function createMessagesService(repo: MessagesRepository) {
  return {
    list(userId: string, query: MessagesQuery): Promise<Message[]> {
      return repo.list(userId, query);
    },

    /** Another user's message is answered exactly like a missing one, so ids leak nothing. */
    async requireMessage(userId: string, id: string): Promise<Message> {
      const message = await repo.find(userId, id);
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

import type { BlockedSender } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BlockedSendersRepository } from './blocked-senders.repository.ts';

/** The user's blocked senders; a later scan from one of them says so in its reasons. */
export function createBlockedSendersService(repo: BlockedSendersRepository) {
  return {
    list(userId: string): Promise<BlockedSender[]> {
      return repo.list(userId);
    },

    /** Blocking twice is not an error: the second call returns the first entry. */
    block(userId: string, sender: string): Promise<{ blocked: BlockedSender; created: boolean }> {
      return repo.insertOrFind(userId, sender);
    },

    async unblock(userId: string, id: string): Promise<{ success: true }> {
      if (!(await repo.delete(userId, id))) throw new AppError('BLOCKED_SENDER_NOT_FOUND');
      return { success: true };
    },
  };
}

/** The blocked senders service. */
export type BlockedSendersService = ReturnType<typeof createBlockedSendersService>;

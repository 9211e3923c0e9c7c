import { useMutation } from '@tanstack/react-query';
import type { AssistantChatRequest, AssistantChatResponse, ChatTurn } from '@baitcheck/contracts';
import { API_ROUTES as API, MAX_ASSISTANT_HISTORY, MAX_ASSISTANT_QUERY_LENGTH } from '@baitcheck/contracts/lite';
import { api } from '../api-client';

/** What the assistant is asked: the question and the conversation before it (greeting excluded). */
export interface AssistantQuestion {
  query: string;
  history: readonly ChatTurn[];
}

/**
 * The request body: only the last turns the contract accepts, each cut to the contract's length
 * so a long pasted email earlier in the chat never gets the next question refused.
 */
export function buildAssistantRequest({ query, history }: AssistantQuestion): AssistantChatRequest {
  return {
    query,
    history: history
      .slice(-MAX_ASSISTANT_HISTORY)
      .map(({ role, content }) => ({ role, content: content.slice(0, MAX_ASSISTANT_QUERY_LENGTH) })),
  };
}

/** Asks the assistant (`POST /api/assistant/chat`). Older servers may leave out the extras. */
export async function askAssistant(question: AssistantQuestion): Promise<AssistantChatResponse> {
  const answer = await api.post<AssistantChatResponse>(API.assistantChat.path, buildAssistantRequest(question));
  return { ...answer, sources: answer.sources ?? [], scan: answer.scan ?? null };
}

/**
 * True when a question got no answer at all (offline, the server unreachable): the API client
 * turns every answer, even an error (a 503 when busy), into `'{status}: {body}'`.
 */
export function isUnanswered(error: unknown): boolean {
  return !(error instanceof Error && /^\d{3}: /.test(error.message));
}

/** What a question that never reached Baitcheck says, in the scan forms' words. */
export const ASSISTANT_UNREACHABLE = {
  title: "Can't reach Baitcheck — check your connection",
  description: 'Your question is back in the box: send it again once you are connected.',
  variant: 'destructive',
} as const;

/**
 * The assistant question as a mutation: nothing cached, the conversation lives in the component.
 * Sent even offline ('always'): TanStack Query would hold it back until the browser is online,
 * the question waiting with no word; sent, it fails at once and the tab says why.
 */
export function useAskAssistant() {
  return useMutation({ mutationFn: askAssistant, networkMode: 'always' });
}

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

/** The assistant question as a mutation: nothing cached, the conversation lives in the component. */
export function useAskAssistant() {
  return useMutation({ mutationFn: askAssistant });
}

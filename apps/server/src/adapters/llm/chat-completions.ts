/** One message of an OpenAI-compatible chat-completions request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A language model behind an OpenAI-compatible `POST /chat/completions` (OpenAI, a local Ollama, vLLM, llama.cpp...). */
export interface ChatModel {
  /** The reply's text; throws on any failure (status, shape, time-out, abort). */
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string>;
}

/** Thrown when the model cannot answer; the message names why, never the key. */
export class ChatModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatModelError';
  }
}

/**
 * The most of an answer read (bytes): a chat completion of `max_tokens` 600 is a few kilobytes; a
 * hostile or broken endpoint sending 50 MB held the event loop for seconds while it was parsed.
 */
export const MAX_ANSWER_BYTES = 256 * 1024;

/** The body as text, given up (and the connection closed) past `max` bytes. */
async function readCapped(res: Response, max: number): Promise<string> {
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ChatModelError(`the language model's answer was larger than ${max / 1024} KB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `…/v1` → `…/v1/chat/completions`; a URL already ending so is kept. */
export function chatCompletionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * The chat-completions client: one request a question, no streaming, a time limit, and
 * `temperature` low so answers stay close to the guidance given.
 */
export function createChatCompletionsModel(options: { url: string; model: string; apiKey?: string | undefined; timeoutMs: number; fetch?: typeof fetch; maxTokens?: number }): ChatModel {
  const endpoint = chatCompletionsUrl(options.url);
  const fetchImpl = options.fetch ?? fetch;
  return {
    async complete(messages, signal) {
      const limit = AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, messages, temperature: 0.2, max_tokens: options.maxTokens ?? 600, stream: false }),
          signal: signal ? AbortSignal.any([signal, limit]) : limit,
        });
      } catch (err) {
        if (limit.aborted) throw new ChatModelError(`the language model did not answer within ${options.timeoutMs} ms`);
        throw new ChatModelError(`the language model could not be reached: ${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(await readCapped(res, MAX_ANSWER_BYTES));
      } catch (err) {
        if (err instanceof ChatModelError) throw err;
        if (limit.aborted) throw new ChatModelError(`the language model did not answer within ${options.timeoutMs} ms`);
        throw new ChatModelError(`the language model answered HTTP ${res.status} without JSON`);
      }
      if (!res.ok) {
        const error = (body as { error?: { message?: unknown } } | null)?.error?.message;
        const said = typeof error === 'string' ? `: ${error.slice(0, 160)}` : '';
        throw new ChatModelError(`the language model answered HTTP ${res.status}${options.apiKey ? said.replaceAll(options.apiKey, '***') : said}`);
      }
      const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim().length === 0) throw new ChatModelError('the language model answered without a message');
      return content.trim();
    },
  };
}

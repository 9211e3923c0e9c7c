import type { AssistantChatResponse, ChatTurn } from '@baitcheck/contracts';
import type { Logger } from 'pino';
import type { ChatMessage, ChatModel } from '../../adapters/llm/chat-completions.ts';
import { answerBuiltIn, type BuiltInAnswer } from './built-in.ts';
import { GUIDANCE } from './guidance/index.ts';
import { createGuidanceIndex, type GuidanceIndex } from './retrieval.ts';

/** Earlier turns the language model sees (the newest); the built-in assistant reads them all. */
const LLM_HISTORY_TURNS = 6;

const SYSTEM_PROMPT = [
  "You are Baitcheck's security assistant. You help ordinary people recognise scams and know what to do after one.",
  'Answer from the GUIDANCE and the SCAN RESULT below only; if they do not cover the question, say so and suggest what the person could ask or paste instead.',
  'Never ask for passwords, one-time codes, card numbers or other secrets, and tell the person never to share them.',
  'Refuse anything that would help deceive, track or harm someone.',
  'Be calm, specific and brief (under 200 words), with the steps as a list of lines starting with "- ". Plain text, no Markdown headings or links syntax.',
  'End with one line "Based on: " naming the guidance titles you used.',
].join(' ');

/** The grounding the model gets: the guidance the built-in assistant found and its verdict. */
export function groundingFor(builtIn: BuiltInAnswer): string {
  const guidance = builtIn.articles
    .map((a) => [`# ${a.title}`, a.summary, ...(a.signs ?? []).map((s) => `Sign: ${s}`), ...a.steps.map((s) => `Step: ${s}`), `Sources: ${a.sources.map((s) => `${s.name} ${s.url}`).join('; ')}`].join('\n'))
    .join('\n\n');
  const a = builtIn.analysis;
  const scan = a
    ? [`Verdict: ${a.threatLevel} (score ${a.score.toFixed(2)})`, ...a.reasons.map((r) => `Reason: ${r.label}`), ...a.recommendations.map((r) => `Advice: ${r}`)].join('\n')
    : 'No message or link was scanned.';
  return `GUIDANCE:\n${guidance || '(none found)'}\n\nSCAN RESULT:\n${scan}`;
}

/**
 * The assistant: the built-in answer always, and, when a language model is configured, its
 * answer grounded in the same guidance and verdict, falling back to the built-in answer when the
 * model fails or runs out of time. Refusals and clarifying questions never go to the model.
 */
export function createAssistantService(deps: { index?: GuidanceIndex; model?: ChatModel | null; logger?: Pick<Logger, 'warn'>; clock?: () => Date }) {
  const index = deps.index ?? createGuidanceIndex(GUIDANCE);
  const clock = deps.clock ?? (() => new Date());

  return {
    async chat(query: string, history: readonly ChatTurn[]): Promise<AssistantChatResponse> {
      const builtIn = answerBuiltIn(index, query, history);
      let answer = builtIn.answer;
      let mode: AssistantChatResponse['mode'] = 'built-in';
      if (deps.model && builtIn.intent !== 'refuse' && builtIn.intent !== 'clarify') {
        const messages: ChatMessage[] = [
          { role: 'system', content: `${SYSTEM_PROMPT}\n\n${groundingFor(builtIn)}` },
          ...history.slice(-LLM_HISTORY_TURNS).map((t) => ({ role: t.role, content: t.content.slice(0, 4000) })),
          { role: 'user', content: query },
        ];
        try {
          answer = await deps.model.complete(messages);
          mode = 'llm';
        } catch (err) {
          deps.logger?.warn({ err: (err as Error).message }, 'the assistant language model failed; the built-in answer is given');
        }
      }
      const a = builtIn.analysis;
      return {
        answer,
        timestamp: clock().toISOString(),
        sources: builtIn.articles.map((x) => ({ id: x.id, title: x.title })),
        scan: a ? { threatLevel: a.threatLevel, score: a.score, reasons: a.reasons.map((r) => r.label) } : null,
        mode,
      };
    },
  };
}

/** The assistant service. */
export type AssistantService = ReturnType<typeof createAssistantService>;

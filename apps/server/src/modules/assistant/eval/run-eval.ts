/**
 * `npm run assistant:eval`: asks the built-in assistant every question of `questions.json` and
 * checks that each answer holds the facts it must (case-insensitive; `a|b` accepts either), holds
 * none it must not, and is about the message checked earlier exactly when it should be. A
 * question may come after others in the same conversation (`before`): they are asked first and
 * their real answers become its history, as in the app. Prints the rate per kind, each failure
 * with what was wrong, and the answer time (p50, p99).
 *
 *   npm run assistant:eval             the report
 *   npm run assistant:eval -- --json   the same as JSON
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ChatTurn } from '@baitcheck/contracts';
import { defaultContent } from '../../../content/load-content.ts';
import { createAssistantService } from '../assistant.service.ts';

/** One question of the test set. */
export interface EvalQuestion {
  id: string;
  question: string;
  /** Earlier turns, written out. */
  history?: ChatTurn[];
  /** Questions asked first in the same conversation; their answers are the assistant's own. */
  before?: string[];
  mustContain: string[];
  /** Facts the answer must not hold (`a|b`: neither). */
  mustNotContain?: string[];
  /** True when the answer must be about a message or link (checked now or earlier), false when it must not. */
  aboutMessage?: boolean;
  kind: 'guidance' | 'scan' | 'follow-up' | 'clarify' | 'refuse';
}

/** What a failure reports when the answer was (or was not) about the message checked earlier. */
export const ABOUT_MESSAGE = '(answered about the message checked earlier)';
export const NOT_ABOUT_MESSAGE = '(not answered about the message checked earlier)';

/** The outcome of one question. */
export interface EvalOutcome {
  id: string;
  kind: EvalQuestion['kind'];
  passed: boolean;
  missing: string[];
  ms: number;
  answer: string;
}

/** The test set committed beside this file. */
export function loadQuestions(): EvalQuestion[] {
  return JSON.parse(readFileSync(new URL('./questions.json', import.meta.url), 'utf8')) as EvalQuestion[];
}

/** The facts of `mustContain` that `answer` lacks. */
export function missingFacts(answer: string, mustContain: readonly string[]): string[] {
  const text = answer.toLowerCase();
  return mustContain.filter((fact) => !fact.split('|').some((alt) => text.includes(alt.trim().toLowerCase())));
}

/** The facts of `mustNotContain` that `answer` holds, each prefixed "not ". */
export function unwantedFacts(answer: string, mustNotContain: readonly string[]): string[] {
  const text = answer.toLowerCase();
  return mustNotContain.filter((fact) => fact.split('|').some((alt) => text.includes(alt.trim().toLowerCase()))).map((f) => `not ${f}`);
}

/** Runs the whole set through the built-in assistant. */
export async function runEval(questions: readonly EvalQuestion[] = loadQuestions()): Promise<EvalOutcome[]> {
  const assistant = createAssistantService({ articles: defaultContent().articles, model: null });
  // the first answer builds the index and warms the engine: not a person's wait
  await assistant.chat('warm up', []);
  const out: EvalOutcome[] = [];
  for (const q of questions) {
    const history: ChatTurn[] = [...(q.history ?? [])];
    for (const earlier of q.before ?? []) {
      const res = await assistant.chat(earlier, history);
      history.push({ role: 'user', content: earlier }, { role: 'assistant', content: res.answer });
    }
    const t0 = performance.now();
    const res = await assistant.chat(q.question, history);
    const ms = performance.now() - t0;
    const missing = [...missingFacts(res.answer, q.mustContain), ...unwantedFacts(res.answer, q.mustNotContain ?? [])];
    if (q.aboutMessage !== undefined && (res.scan !== null) !== q.aboutMessage) missing.push(q.aboutMessage ? NOT_ABOUT_MESSAGE : ABOUT_MESSAGE);
    out.push({ id: q.id, kind: q.kind, passed: missing.length === 0, missing, ms, answer: res.answer });
  }
  return out;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
}

/** The figures of a run. */
export function summarize(outcomes: readonly EvalOutcome[]) {
  const kinds = [...new Set(outcomes.map((o) => o.kind))];
  return {
    questions: outcomes.length,
    passed: outcomes.filter((o) => o.passed).length,
    rate: outcomes.length === 0 ? 0 : outcomes.filter((o) => o.passed).length / outcomes.length,
    byKind: Object.fromEntries(kinds.map((k) => [k, { questions: outcomes.filter((o) => o.kind === k).length, passed: outcomes.filter((o) => o.kind === k && o.passed).length }])),
    p50Ms: Math.round(percentile(outcomes.map((o) => o.ms), 50) * 100) / 100,
    p99Ms: Math.round(percentile(outcomes.map((o) => o.ms), 99) * 100) / 100,
    failures: outcomes.filter((o) => !o.passed).map((o) => ({ id: o.id, missing: o.missing })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const summary = summarize(await runEval());
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    console.log(`Built-in assistant: ${summary.passed}/${summary.questions} answered with every required fact (${(summary.rate * 100).toFixed(1)}%)`);
    for (const [kind, k] of Object.entries(summary.byKind)) console.log(`  ${kind.padEnd(10)} ${k.passed}/${k.questions}`);
    console.log(`Answer time: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms (one core, built-in, no language model)`);
    const problem = (m: string) => (m.startsWith('(') ? m : m.startsWith('not ') ? `has "${m.slice(4)}"` : `missing "${m}"`);
    for (const f of summary.failures) console.log(`  FAILED ${f.id}: ${f.missing.map(problem).join(', ')}`);
  }
  process.exit(0);
}

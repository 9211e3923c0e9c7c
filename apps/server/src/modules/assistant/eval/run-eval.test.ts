import { describe, expect, it } from 'vitest';
import { loadQuestions, missingFacts, runEval, summarize } from './run-eval.ts';

describe('the assistant test set', () => {
  it('holds at least 40 questions of every kind', () => {
    const questions = loadQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(['guidance', 'scan', 'follow-up', 'clarify', 'refuse']));
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('checks facts case-insensitively with alternatives', () => {
    expect(missingFacts('Forward it to 7726 and report at ReportFraud.ftc.gov', ['7726', 'reportfraud.ftc.gov', 'bank|card'])).toEqual(['bank|card']);
  });

  it('is answered with every required fact by the built-in assistant', async () => {
    const summary = summarize(await runEval());
    expect(summary.failures).toEqual([]);
  }, 60_000);
});

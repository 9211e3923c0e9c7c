/**
 * Table tests for rules: each rule's test lists inputs that must fire (with the evidence
 * expected) and near-misses that must not. Test-only; not part of the engine.
 */
import { describe, expect, it } from 'vitest';
import { buildContext } from '../context';
import type { LinkRule, MessageRule } from '../rules/types';
import type { AnalyzeInput, AnalyzeOptions } from '../types';

/** A case that must fire: the input and the evidence texts expected (in order), or just the input. */
export type FireCase = readonly [input: string, evidence: readonly string[]] | string;

function toRow(c: FireCase): [string, readonly string[] | null] {
  return typeof c === 'string' ? [c, null] : [c[0], c[1]];
}

/** Cases for a message rule over text input (or inputs with a sender, via `input`). */
export interface MessageTable {
  fires: readonly FireCase[];
  quiet: readonly string[];
  options?: AnalyzeOptions;
  input?: Omit<AnalyzeInput, 'content'>;
}

/** Runs a message rule's table: evidence spans must point at their text in the content. */
export function messageRuleTable(rule: MessageRule, table: MessageTable): void {
  const base: Omit<AnalyzeInput, 'content'> = table.input ?? { kind: 'text' };
  describe(rule.id, () => {
    it.each(table.fires.map(toRow))('fires on %j', (content, expected) => {
      const ctx = buildContext({ ...base, content }, table.options);
      const evidence = rule.detect(ctx);
      expect(evidence.length).toBeGreaterThan(0);
      for (const e of evidence) {
        if (e.end > e.start) expect(content.slice(e.start, e.end)).toBe(e.text);
      }
      if (expected !== null) expect(evidence.map((e) => e.text)).toEqual(expected);
    });
    it.each(table.quiet.map((c) => [c]))('stays quiet on %j', (content) => {
      expect(rule.detect(buildContext({ ...base, content }, table.options))).toEqual([]);
    });
  });
}

/** Cases for a link rule: URLs (as a URL scan) that must fire, with the facts expected, and near-misses. */
export interface LinkTable {
  fires: readonly FireCase[];
  quiet: readonly string[];
  options?: AnalyzeOptions;
}

/** Runs a link rule's table on each URL as the link of a URL scan. */
export function linkRuleTable(rule: LinkRule, table: LinkTable): void {
  const detect = (url: string) => {
    const ctx = buildContext({ kind: 'url', content: url }, table.options);
    const link = ctx.links[0];
    if (link === undefined) throw new Error(`no link in ${url}`);
    return rule.detect(link, ctx);
  };
  describe(rule.id, () => {
    it.each(table.fires.map(toRow))('fires on %j', (url, expected) => {
      const facts = detect(url);
      expect(facts).not.toBeNull();
      if (expected !== null) expect(facts?.map((f) => f.text)).toEqual(expected);
    });
    it.each(table.quiet.map((c) => [c]))('stays quiet on %j', (url) => {
      expect(detect(url)).toBeNull();
    });
  });
}

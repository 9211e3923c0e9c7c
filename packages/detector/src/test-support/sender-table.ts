/**
 * Table tests for sender rules: senders that must fire (with the evidence texts expected) and
 * senders that must not, on one message. Test-only; not part of the engine.
 */
import { describe, expect, it } from 'vitest';
import { buildContext } from '../context';
import type { MessageRule } from '../rules/types';
import type { Channel } from '../types';

/** Cases for a sender rule: `[sender, evidence]` that fire, senders that stay quiet. */
export interface SenderTable {
  fires: readonly (readonly [sender: string, evidence: readonly string[]])[];
  quiet: readonly string[];
  /** The message's text (default "Hello") and channel (default email). */
  content?: string;
  source?: Channel;
}

/** Runs a sender rule's table. */
export function senderRuleTable(rule: MessageRule, table: SenderTable): void {
  const detect = (sender: string) =>
    rule.detect(buildContext({ kind: 'text', content: table.content ?? 'Hello', sender, source: table.source ?? 'email' })).map((e) => e.text);
  describe(`${rule.id} by sender`, () => {
    it.each(table.fires.map(([s, e]) => [s, e]))('fires on %j', (sender, expected) => {
      expect(detect(sender as string)).toEqual(expected);
    });
    it.each(table.quiet.map((s) => [s]))('stays quiet on %j', (sender) => {
      expect(detect(sender)).toEqual([]);
    });
  });
}

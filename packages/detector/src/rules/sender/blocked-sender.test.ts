import { describe, expect, it } from 'vitest';
import { messageRuleTable } from '../../test-support/rule-table';
import { blockedSender } from './blocked-sender';

const options = { blockedSenders: ['+1 555 0100', 'Scammer@Example.com', '  SHORTCODE  '] };

describe('blocked-sender by sender', () => {
  for (const [sender, fires] of [
    ['+1 555 0100', true],
    ['scammer@example.com', true],
    ['  SCAMMER@EXAMPLE.COM ', true],
    ['Prize Team <scammer@example.com>', true],
    ['shortcode', true],
    ['+1 555 0101', false],
    ['friend@example.com', false],
    ['', false],
  ] as const) {
    it(`${fires ? 'fires' : 'stays quiet'} for ${JSON.stringify(sender)}`, () => {
      expectBlocked(sender, fires);
    });
  }
});

function expectBlocked(sender: string, fires: boolean): void {
  const evidence = blockedSender.detect({
    input: { kind: 'text', content: 'hello', sender },
    content: 'hello',
    links: [],
    options,
    insideLink: () => false,
  });
  if (fires) expect(evidence).toEqual([{ start: 0, end: 0, text: sender.trim() }]);
  else expect(evidence).toEqual([]);
}

// also through the shared table: the rule applies to URL scans too, and needs a list to fire
messageRuleTable(blockedSender, {
  input: { kind: 'url', sender: 'scammer@example.com' },
  options,
  fires: [['https://example.com', ['scammer@example.com']]],
  quiet: [],
});
messageRuleTable(blockedSender, { input: { kind: 'text', sender: 'scammer@example.com' }, fires: [], quiet: ['no list given'] });

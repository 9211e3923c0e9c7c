import { describe, expect, it } from 'vitest';
import { segmentContent } from './highlight';

const h = (start: number, end: number, text: string, reasonId = 'r') => ({ start, end, text, reasonId });

describe('segmentContent', () => {
  it('returns the whole content as one plain run when nothing is highlighted', () => {
    expect(segmentContent('hello there', [])).toEqual([{ text: 'hello there', start: 0, reasonIds: [] }]);
  });

  it('splits around a highlight and keeps its reason', () => {
    const content = 'Act now: click here';
    expect(segmentContent(content, [h(9, 19, 'click here', 'link-instructions')])).toEqual([
      { text: 'Act now: ', start: 0, reasonIds: [] },
      { text: 'click here', start: 9, reasonIds: ['link-instructions'] },
    ]);
  });

  it('merges overlapping highlights into runs carrying every reason', () => {
    const content = 'verify your account';
    const segments = segmentContent(content, [h(0, 11, 'verify your', 'a'), h(7, 19, 'your account', 'b')]);
    expect(segments.map((s) => [s.text, s.reasonIds])).toEqual([
      ['verify ', ['a']],
      ['your', ['a', 'b']],
      [' account', ['b']],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(content);
  });

  it('finds the text when the offsets do not match it, and ignores spans that are not there', () => {
    const content = 'Your prize is waiting';
    const segments = segmentContent(content, [h(0, 3, 'prize', 'reward'), h(50, 60, 'absent', 'x')]);
    expect(segments.filter((s) => s.reasonIds.length > 0).map((s) => s.text)).toEqual(['prize']);
  });

  it('ignores empty spans', () => {
    expect(segmentContent('abc', [h(1, 1, '', 'x')])).toEqual([{ text: 'abc', start: 0, reasonIds: [] }]);
  });
});

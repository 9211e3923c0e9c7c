import { describe, expect, it } from 'vitest';
import { parseFaq } from './faq';

describe('parseFaq', () => {
  it('cuts the Markdown into an intro, groups and questions with their answers', () => {
    const faq = parseFaq(['Intro text.', '## Plans', 'About plans.', '### What does it cost?', 'Nothing.', '', '- a list', '### Can I cancel?', 'Yes.', '## Account', '### Do I need one?', 'No.'].join('\n\n'));
    expect(faq.intro).toBe('Intro text.');
    expect(faq.groups.map((g) => [g.id, g.title, g.intro])).toEqual([
      ['plans', 'Plans', 'About plans.'],
      ['account', 'Account', ''],
    ]);
    expect(faq.groups[0]!.questions).toEqual([
      { id: 'what-does-it-cost', question: 'What does it cost?', answer: 'Nothing.\n\n\n\n- a list' },
      { id: 'can-i-cancel', question: 'Can I cancel?', answer: 'Yes.' },
    ]);
    expect(faq.groups[1]!.questions).toEqual([{ id: 'do-i-need-one', question: 'Do I need one?', answer: 'No.' }]);
  });

  it('keeps a heading-like line inside a code block, and deeper headings, in the answer', () => {
    const faq = parseFaq('## G\n\n### Q?\n\n```\n### not a question\n```\n\n#### A detail\n\nMore.\n');
    const [q] = faq.groups[0]!.questions;
    expect(faq.groups[0]!.questions).toHaveLength(1);
    expect(q!.answer).toContain('### not a question');
    expect(q!.answer).toContain('#### A detail');
    expect(q!.answer).toContain('More.');
  });

  it('gives questions with the same words ids of their own, as the page renders them', () => {
    const faq = parseFaq('## One\n\n### Why?\n\nA.\n\n## Two\n\n### Why?\n\nB.\n');
    expect(faq.groups.flatMap((g) => g.questions.map((q) => q.id))).toEqual(['why', 'why-1']);
  });

  it('puts questions before any group in a group without a title', () => {
    const faq = parseFaq('### Loose?\n\nYes.\n');
    expect(faq.groups).toEqual([{ id: '', title: '', intro: '', questions: [{ id: 'loose', question: 'Loose?', answer: 'Yes.' }] }]);
  });
});

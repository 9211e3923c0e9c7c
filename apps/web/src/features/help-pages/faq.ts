import { markdownOutline } from '@/components/help/markdown';

/** One question of the FAQ: a '###' heading and the Markdown under it. */
export interface FaqQuestion {
  /** The heading's id: `/faq#<id>` opens this question. */
  id: string;
  question: string;
  /** Markdown. */
  answer: string;
}

/** A group of questions: a '##' heading, any text under it before its first question, then the questions. */
export interface FaqGroup {
  id: string;
  title: string;
  /** Markdown shown open under the group's heading ('' when none). */
  intro: string;
  questions: FaqQuestion[];
}

export interface Faq {
  /** Markdown before the first group. */
  intro: string;
  groups: FaqGroup[];
}

/**
 * Cuts the FAQ's Markdown into groups ('##') and questions ('###'), using the renderer's own
 * outline, so that each id is the one the whole page would have and the cuts fall where the
 * Markdown parser put the headings (never inside a code block). Deeper headings stay in their
 * answer. Questions before any group go in a group without a title.
 */
export function parseFaq(markdown: string): Faq {
  const headings = markdownOutline(markdown).filter((h) => h.depth === 2 || h.depth === 3);
  const textUntil = (from: number, index: number) => markdown.slice(from, headings[index]?.start ?? markdown.length).trim();
  const faq: Faq = { intro: textUntil(0, 0), groups: [] };
  headings.forEach((heading, i) => {
    if (heading.depth === 2) {
      faq.groups.push({ id: heading.id, title: heading.text, intro: textUntil(heading.end, i + 1), questions: [] });
      return;
    }
    if (faq.groups.length === 0) faq.groups.push({ id: '', title: '', intro: '', questions: [] });
    faq.groups.at(-1)!.questions.push({ id: heading.id, question: heading.text, answer: textUntil(heading.end, i + 1) });
  });
  return faq;
}

import type { AssistantChatResponse } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';

export type AnswerBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbers'; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBER = /^\s*\d{1,2}[.)]\s+(.*)$/;

/**
 * Splits a plain-text answer into paragraphs (blank lines between them, single line breaks kept)
 * and lists ('- ' bullet lines, '1. ' numbered lines). The text stays text: React escapes it.
 */
export function parseAnswer(text: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  const last = () => blocks[blocks.length - 1];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const bullet = BULLET.exec(line)?.[1];
    const number = bullet === undefined ? NUMBER.exec(line)?.[1] : undefined;
    const prev = last();
    if (!line.trim()) {
      // a blank line ends the paragraph; a list carries on across it
      if (prev?.kind === 'paragraph') blocks.push({ kind: 'paragraph', lines: [] });
    } else if (bullet !== undefined) {
      if (prev?.kind === 'bullets') prev.items.push(bullet);
      else blocks.push({ kind: 'bullets', items: [bullet] });
    } else if (number !== undefined) {
      if (prev?.kind === 'numbers') prev.items.push(number);
      else blocks.push({ kind: 'numbers', items: [number] });
    } else if (prev?.kind === 'paragraph') {
      prev.lines.push(line.trim());
    } else {
      blocks.push({ kind: 'paragraph', lines: [line.trim()] });
    }
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

/** An answer's text as paragraphs and lists. */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {parseAnswer(text).map((block, i) => {
        if (block.kind === 'paragraph') {
          return (
            <p key={i} className="whitespace-pre-line break-words">
              {block.lines.join('\n')}
            </p>
          );
        }
        const List = block.kind === 'bullets' ? 'ul' : 'ol';
        return (
          <List
            key={i}
            className={`${block.kind === 'bullets' ? 'list-disc' : 'list-decimal'} space-y-1 break-words pl-5`}
          >
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}

/**
 * The verdict of a message or link the question carried, with the app's threat-level badge. The
 * reasons are not repeated here: the answer below lists them with what was seen.
 */
export function AnswerVerdict({ scan }: { scan: NonNullable<AssistantChatResponse['scan']> }) {
  const meta = THREAT_LEVEL_META[scan.threatLevel];
  if (!meta) return null;
  return (
    <p className={`mb-3 flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold text-slate-900 ${meta.panel}`}>
      <ThreatIcon level={scan.threatLevel} />
      <span>{meta.title}</span>
      <Badge variant={meta.badge}>{meta.label}</Badge>
    </p>
  );
}

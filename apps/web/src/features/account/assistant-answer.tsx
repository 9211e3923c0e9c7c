import type { AssistantChatResponse } from '@baitcheck/contracts';
import { ExternalLink, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { THREAT_LEVEL_META, ThreatIcon } from '@/components/threat-level';

export type AnswerBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbers'; items: string[] };

const BULLET = /^\s*[-*•]\s+(\S.*)$/;
const NUMBER = /^\s*\d{1,2}[.)]\s+(\S.*)$/;

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

/** Source links shown under an answer at most. */
const MAX_SOURCE_LINKS = 4;

/**
 * The address of a source if it is a web page (http or https), normalised; null for anything
 * else (javascript:, data:, a relative path): a source is only ever a link to a public page.
 */
export function webPageUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The address of a number to call if it is one (`tel:` and digits, an optional leading +); null
 * for anything else: a number is only ever a number.
 */
export function phoneUrl(url: string): string | null {
  return /^tel:\+?\d{3,15}$/.test(url) ? url : null;
}

const LINK_CLASS =
  'inline-flex min-h-6 items-center gap-1 rounded-sm py-0.5 font-medium text-primary-strong underline underline-offset-2 hover:text-primary focus-ring';

/**
 * What an answer rests on, said once: the guidance it used ("Based on: ..."), the numbers it
 * says to call as links a phone dials ("Call 159: ..."), then the public pages behind it as
 * links that open in a new tab; each link at least 24 px tall for a finger. A number is never
 * one of the pages: all of them are shown. An answer without guidance shows nothing.
 */
export function AnswerSources({ sources }: { sources: AssistantChatResponse['sources'] | undefined }) {
  if (!sources || sources.length === 0) return null;
  const links: { name: string; href: string }[] = [];
  const calls: { name: string; href: string }[] = [];
  for (const link of sources.flatMap((s) => s.links ?? [])) {
    const name = link.name.trim();
    const call = phoneUrl(link.url);
    if (call !== null) {
      if (name !== '' && !calls.some((c) => c.href === call)) calls.push({ name, href: call });
      continue;
    }
    const href = webPageUrl(link.url);
    if (href === null || name === '' || links.some((l) => l.href === href) || links.length >= MAX_SOURCE_LINKS) continue;
    links.push({ name, href });
  }
  return (
    <div className="mt-3 space-y-1 border-t border-slate-200 pt-2 text-xs text-slate-700">
      <p>Based on: {sources.map((s) => s.title).join(', ')}</p>
      {calls.length > 0 ? (
        <ul aria-label="Numbers to call">
          {calls.map((call) => (
            <li key={call.href}>
              <a href={call.href} className={LINK_CLASS}>
                <Phone aria-hidden="true" className="h-3 w-3 shrink-0" />
                <span>{call.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <ul aria-label="Sources">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={LINK_CLASS}
              >
                <span>{link.name}</span>
                <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

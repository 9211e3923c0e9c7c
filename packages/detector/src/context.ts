/** Builds what the rules see from an input: normalised input, bounded content, links. */
import { MAX_ANALYSED_CHARS } from './limits';
import { scanLinks, parseLink, type ParsedLink } from './links';
import { refang } from './normalize';
import type { RuleContext } from './rules/types';
import type { AnalyzeInput, AnalyzeOptions } from './types';

/**
 * The rule context for an input: the input coerced into shape, its content cut to
 * {@link MAX_ANALYSED_CHARS}, and its links (for a URL scan, the URL itself, refanged:
 * `hxxps://evil[.]top` as security bulletins write it is `https://evil.top`).
 */
export function buildContext(rawInput: AnalyzeInput, options: AnalyzeOptions = {}): RuleContext {
  const input = normaliseInput(rawInput);
  let content = input.content.length > MAX_ANALYSED_CHARS ? input.content.slice(0, MAX_ANALYSED_CHARS) : input.content;
  if (input.kind === 'url') content = refang(content);
  const links = input.kind === 'url' ? urlScanLinks(content) : scanLinks(content);
  return { input, content, links, options, insideLink: (start, end) => insideAny(links, start, end) };
}

/** Coerces whatever arrived (from JSON, a worker message...) into a well-formed input. */
export function normaliseInput(raw: AnalyzeInput): AnalyzeInput {
  const obj = (raw ?? {}) as Partial<AnalyzeInput>;
  const content = typeof obj.content === 'string' ? obj.content : obj.content == null ? '' : String(obj.content);
  const out: AnalyzeInput = { kind: obj.kind === 'url' ? 'url' : 'text', content };
  if (typeof obj.sender === 'string') out.sender = obj.sender;
  if (typeof obj.source === 'string') out.source = obj.source;
  return out;
}

/** The URL of a URL scan as the one link, its span the content without surrounding spaces. */
function urlScanLinks(content: string): ParsedLink[] {
  const start = content.length - content.trimStart().length;
  const raw = content.trim();
  return raw.length === 0 ? [] : [parseLink(raw, start)];
}

/** True when `[start, end)` lies within one of the sorted, non-overlapping `links`. */
export function insideAny(links: readonly ParsedLink[], start: number, end: number): boolean {
  let lo = 0;
  let hi = links.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const link = links[mid] as ParsedLink;
    if (link.end <= start) lo = mid + 1;
    else if (link.start >= end) hi = mid - 1;
    else return true;
  }
  return false;
}


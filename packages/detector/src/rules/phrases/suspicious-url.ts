/** Spec phrase group 'Suspicious URL detected': URLs, www addresses, shortener links. */
import { MAX_EVIDENCE_PER_RULE } from '../../limits';
import type { Span } from '../../types';
import type { MessageRule } from '../types';

/**
 * Reports every link found in a text (the spec highlights all of them). Weak on its own: how
 * risky a link is, is for the rules under `rules/url/`.
 */
export const suspiciousUrl: MessageRule = {
  scope: 'message',
  id: 'suspicious-url',
  label: 'Suspicious URL detected',
  severity: 'low',
  kinds: ['text'],
  detect(ctx): Span[] {
    const out: Span[] = [];
    for (const link of ctx.links) {
      out.push({ start: link.start, end: link.end, text: link.text });
      if (out.length >= MAX_EVIDENCE_PER_RULE) break;
    }
    return out;
  },
};

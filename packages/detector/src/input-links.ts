/** The links the engine finds in an input, for callers that look them up elsewhere (threat feeds, RDAP). */
import { buildContext } from './context';
import { toLinkFinding } from './links';
import type { AnalyzeInput, LinkFinding } from './types';

/**
 * The links `analyze` would see in `input`: for a URL scan the URL itself (refanged), for a text
 * the links found in it (at most the engine's link limit), in order. Never throws.
 */
export function inputLinks(input: AnalyzeInput): LinkFinding[] {
  return buildContext(input).links.map(toLinkFinding);
}

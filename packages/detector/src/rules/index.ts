/**
 * The rule registry: every rule the engine runs, listed explicitly, one list per category (each
 * category's `index.ts`). A new rule is a file under `rules/<category>/<rule-id>.ts`, a table
 * test beside it, and a line in its category's list.
 */
import { INTENT_RULES } from './intent';
import { PHRASE_RULES } from './phrases';
import { SENDER_RULES } from './sender';
import type { LinkRule, MessageRule, Rule } from './types';
import { URL_RULES } from './url';

/** Rules over the whole message: the spec's phrase groups, scam intents and the sender rules. */
export const MESSAGE_RULES: readonly MessageRule[] = [...PHRASE_RULES, ...INTENT_RULES, ...SENDER_RULES];

/** Rules applied to each link (the URL of a URL scan, every link found in a text). */
export const LINK_RULES: readonly LinkRule[] = [...URL_RULES];

/** Every rule, for listing and for tests. */
export const ALL_RULES: readonly Rule[] = [...MESSAGE_RULES, ...LINK_RULES];

/**
 * @packageDocumentation
 * The Baitcheck detection engine. `analyze(input, options)` returns a verdict with reasons,
 * evidence, highlights and recommendations. Pure TypeScript with no I/O: it runs unchanged in the
 * server, a browser Web Worker and the CLI.
 */
export type * from './types';
export { analyze } from './analyze';
export { THRESHOLDS } from './scoring';
export { findLinks, feedUrlKey } from './links';
export { feedEntryKeys, type FeedKeys } from './feed-keys';
export { inputLinks } from './input-links';
export { parseSender, type ParsedSender, type SenderKind } from './sender';
export { ALL_RULES } from './rules/index';
export { maskEmails, stripPlaceholders, normalizeMessage, normalizeUrl, refang } from './normalize';
export { modelView, type ModelView, TEXT_MODEL_ID, URL_MODEL_ID } from './analyze';
export * as model from './model/index';

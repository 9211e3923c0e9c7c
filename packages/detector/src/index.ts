/**
 * @packageDocumentation
 * The Baitcheck detection engine. `analyze(input, options)` returns a verdict with reasons,
 * evidence, highlights and recommendations. Pure TypeScript with no I/O.
 */
export type * from './types';
import type { Analysis, AnalyzeInput, AnalyzeOptions } from './types';

/** Analyses a message or a URL. (Being built: replaced by the engine in this same change.) */
export function analyze(_input: AnalyzeInput, _options: AnalyzeOptions = {}): Analysis {
  throw new Error('analyze: not built yet');
}

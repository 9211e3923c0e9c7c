/**
 * The Baitcheck data layer: loaders, normalisation, the fixed dev split and the deduped corpus.
 * Processing and sources: `data/SOURCES.md`.
 *
 *   import { loadCorpus, splitOf, normalizeMessage } from '../data/index.ts';
 *   const { records, stats } = loadCorpus({ channels: ['sms'], split: 'train' });
 *   // records: SplitRecord[] ({ id, set, channel, label, origLabel, text, subject?, sender?, url?,
 *   //   form?, lang?, date?, alsoIn?, split }), normalised, deduped across all sets, stable order.
 *   // At inference, apply normalizeMessage(text) (messages) or normalizeUrl(url) to match training.
 *
 * The shared data folder is `<repo root>/../shared/data`, or `$BAITCHECK_DATA_DIR`.
 */
export type { DataChannel, DataLabel, DataRecord, Split, UrlForm } from './types.ts';
export { parseCsv, parseCsvObjects, CsvError } from './csv.ts';
export { maskEmails, stripPlaceholders, normalizeMessage, normalizeUrl, refang, urlForScan, textKey, urlKey, urlHost } from './normalize.ts';
export { SOURCE_SETS, MODERN_SETS, mapLabel, type SourceSet } from './sources.ts';
export { REPO_ROOT, MODERN_DATA_DIR, dataDir, assertDataDir, loadSet, loadSetFrom, loadModernSet, parseJsonl, toRecord, urlFormOf } from './load.ts';
export { DEV_PERCENT, fnv1a32, splitKey, splitOf } from './split.ts';
export { loadCorpus, dedupe, dedupeKey, type Corpus, type CorpusOptions, type CorpusStats, type SplitRecord } from './corpus.ts';

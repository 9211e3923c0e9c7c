/** The Baitcheck data layer: loaders, normalisation, the fixed dev split and the deduped corpus. */
export type { DataChannel, DataLabel, DataRecord, Split, UrlForm } from './types.ts';
export { parseCsv, parseCsvObjects, CsvError } from './csv.ts';
export { maskEmails, stripPlaceholders, normalizeMessage, normalizeUrl, refang, urlForScan, textKey, urlKey, urlHost } from './normalize.ts';
export { SOURCE_SETS, MODERN_SETS, mapLabel, type SourceSet } from './sources.ts';
export { REPO_ROOT, MODERN_DATA_DIR, dataDir, assertDataDir, loadSet, loadSetFrom, loadModernSet, parseJsonl, toRecord, urlFormOf } from './load.ts';
export { DEV_PERCENT, fnv1a32, splitKey, splitOf } from './split.ts';
export { loadCorpus, dedupe, dedupeKey, type Corpus, type CorpusOptions, type CorpusStats, type SplitRecord } from './corpus.ts';

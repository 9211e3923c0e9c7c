/**
 * The trained models' featurisers, weight format and runtime, for training (`tools/src/train`)
 * and tests. The engine itself uses them through `analyze`.
 */
export { fnv1a, hashFeatures, dot, type SparseVector } from './hash';
export { textFeatures, textFeatureNames, textTokens, numberClass, TEXT_BITS, MODEL_MAX_CHARS } from './text-features';
export { hostFeatures, hostFeatureNames, pathFeatures, pathFeatureNames, hasPath, isSharedPlatformPage, isKnownSitePage, linkVectorOf, HOST_BITS, PATH_BITS, type LinkVector, type UrlParts, type KnownSiteParts } from './url-features';
export { decodeBase64, encodeBase64, quantize, decodeModel, type StoredLinearModel, type LinearModel } from './weights';
export { loadModels, logit, hostLogit, urlLogits, topScamWords, MODELS, installModels, MAX_LOGIT, type LoadedModels } from './runtime';
export type { ModelData, CombinerWeights, LogitMap } from './types';
export { MODEL_DATA } from './weights-generated';
export { parseLink } from '../links';

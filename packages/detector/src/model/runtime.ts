/**
 * The runtime side of the models: the generated weights decoded once at module load, and the
 * logits of the text, host and path models for a featurised input.
 */
import { fnv1a, type SparseVector } from './hash';
import { textTokens, TEXT_BITS, type TextToken } from './text-features';
import type { ModelData } from './types';
import { HOST_BITS, PATH_BITS, linkVectorOf, type KnownSiteParts, type LinkVector, type UrlParts } from './url-features';
import { decodeModel, type LinearModel } from './weights';
import { MODEL_DATA } from './weights-generated';

/** Logits are clipped to this range before they reach the combiner. */
export const MAX_LOGIT = 12;

/** The decoded models (null when the generated module has none, e.g. before the first training). */
export interface LoadedModels {
  readonly data: ModelData;
  readonly text: LinearModel | null;
  readonly host: LinearModel | null;
  readonly path: LinearModel | null;
}

/** Decodes a generated model module. */
export function loadModels(data: ModelData): LoadedModels {
  return {
    data,
    text: decodeModel(data.text, TEXT_BITS),
    host: decodeModel(data.host, HOST_BITS),
    path: decodeModel(data.path, PATH_BITS),
  };
}

/**
 * The engine's models, decoded once when the engine loads. A live binding: {@link installModels}
 * replaces it (the cross-source evaluation trains models without one source and runs the engine
 * with them); the product never does.
 */
export let MODELS: LoadedModels = loadModels(MODEL_DATA);

/** Makes `models` the engine's models and returns the ones it replaced (tools only: training and evaluation). */
export function installModels(models: LoadedModels): LoadedModels {
  const previous = MODELS;
  MODELS = models;
  return previous;
}

function clip(x: number): number {
  return x > MAX_LOGIT ? MAX_LOGIT : x < -MAX_LOGIT ? -MAX_LOGIT : x;
}

/** The logit of a linear model for a feature vector, clipped; null when the model is absent. */
export function logit(model: LinearModel | null, v: SparseVector): number | null {
  if (model === null) return null;
  let s = 0;
  const { q } = model;
  for (let i = 0; i < v.idx.length; i++) s += (q[v.idx[i] as number] as number) * (v.val[i] as number);
  return clip(model.bias + s * model.scale);
}

/**
 * The host-model logit of a featurised link, null without a host model. Someone's page on a
 * hosting platform gets 0: its registrable domain is the platform's, not the author's, so neither
 * a popular platform's good name (google.com, weebly.com) nor the phishing a free host is known
 * for (000webhostapp.com) says anything of this page, and the author's chosen name cannot be
 * judged by a model of domain names either (trained on popular sites against phishing, it finds
 * "my-bakery-shop" as suspect as "secure-login"). The rules judge these pages: free hosting, a
 * brand or account words in the name, a made-up name.
 */
export function hostLogit(v: Pick<LinkVector, 'host' | 'shared'>, models: LoadedModels = MODELS): number | null {
  if (models.host === null) return null;
  return v.shared ? 0 : logit(models.host, v.host);
}

/** The host and path logits of one link (path null when the models do not read its path: {@link linkVectorOf}). */
export function urlLogits(parts: UrlParts & KnownSiteParts, models: LoadedModels = MODELS): { host: number | null; path: number | null } {
  const v = linkVectorOf(parts);
  return { host: hostLogit(v, models), path: v.path === null || models.path === null ? null : logit(models.path, v.path) };
}

/** Function words never shown as evidence (they weigh, but explain nothing to a person). */
const NOT_EVIDENCE: ReadonlySet<string> = new Set(
  'the and for you your yours our are was were this that these those with from have has had will would can could here there now then just not all any out get got its into onto than them they their what when where which who why how been being also only very more most some such per via'.split(' '),
);

/**
 * The words of a message that push the text model most towards a scam, most first: the evidence
 * of the `text-model` reason. Only word unigrams count (not numbers or link classes).
 */
export function topScamWords(message: string, k: number, models: LoadedModels = MODELS): TextToken[] {
  const model = models.text;
  if (model === null || k <= 0) return [];
  const mask = (1 << model.bits) - 1;
  const best = new Map<string, { tok: TextToken; w: number }>();
  for (const tok of textTokens(message).tokens) {
    if (tok.token.startsWith('#') || tok.token.startsWith('__') || tok.token.length < 3 || NOT_EVIDENCE.has(tok.token) || best.has(tok.token)) continue;
    const w = model.q[fnv1a(`w:${tok.token}`) & mask] as number;
    if (w > 0) best.set(tok.token, { tok, w });
  }
  return [...best.values()].sort((a, b) => b.w - a.w).slice(0, k).map((b) => b.tok);
}

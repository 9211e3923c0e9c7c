/** The fixed hash of the models' feature hashing: FNV-1a 32-bit over UTF-16 code units. */

/** FNV-1a 32-bit of a string's UTF-16 code units, unsigned. Stable across platforms and versions. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A sparse feature vector: distinct bucket indices (ascending) and their values. */
export interface SparseVector {
  readonly idx: Int32Array;
  readonly val: Float32Array;
}

/**
 * Hashes feature names into `2^bits` buckets: each distinct bucket counts once (binary
 * features), and the vector is scaled to unit length so long and short texts weigh alike. With
 * `minCount`, a vector of fewer distinct features is scaled as if it had `minCount`, so a text of
 * a few words cannot reach the confidence of a whole message ("Free parking this weekend").
 */
export function hashFeatures(names: Iterable<string>, bits: number, minCount = 1): SparseVector {
  const mask = (1 << bits) - 1;
  const seen = new Set<number>();
  for (const n of names) seen.add(fnv1a(n) & mask);
  const idx = Int32Array.from(seen).sort();
  const val = new Float32Array(idx.length);
  if (idx.length > 0) val.fill(1 / Math.sqrt(Math.max(idx.length, minCount)));
  return { idx, val };
}

/** The dot product of a sparse vector with a dense weight array (missing weights count as 0). */
export function dot(v: SparseVector, w: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.idx.length; i++) s += (w[v.idx[i] as number] ?? 0) * (v.val[i] as number);
  return s;
}

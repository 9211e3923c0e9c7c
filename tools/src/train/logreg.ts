/**
 * Logistic regression for training: a sparse model fitted by AdaGrad SGD with L2 (the hashed
 * text, host and path models) and a small combiner fitted by full-batch Adam with an L2 pull
 * towards prior weights and bounds per weight. Deterministic: a seeded shuffle, fixed order.
 */
import type { model } from '@baitcheck/detector';

type SparseVector = model.SparseVector;

/** One training row of a sparse model. */
export interface SparseRow {
  x: SparseVector;
  y: 0 | 1;
  /** Sample weight. */
  w: number;
}

export interface SparseOptions {
  dim: number;
  epochs: number;
  /** AdaGrad base learning rate. */
  lr: number;
  /** L2 strength per unit of sample weight, applied to the features a row touches. */
  l2: number;
  seed: number;
}

export interface SparseModel {
  w: Float64Array;
  bias: number;
}

/** mulberry32: a small seeded PRNG, deterministic across platforms. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded permutation of 0..n-1 (Fisher-Yates). */
export function permutation(n: number, rand: () => number): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = p[i] as number;
    p[i] = p[j] as number;
    p[j] = t;
  }
  return p;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Fits a sparse logistic regression by AdaGrad SGD. */
export function trainSparse(rows: readonly SparseRow[], opt: SparseOptions): SparseModel {
  const w = new Float64Array(opt.dim);
  const g2 = new Float64Array(opt.dim).fill(1e-8);
  let bias = 0;
  let bg2 = 1e-8;
  const rand = mulberry32(opt.seed);
  for (let epoch = 0; epoch < opt.epochs; epoch++) {
    const order = permutation(rows.length, rand);
    for (let k = 0; k < order.length; k++) {
      const r = rows[order[k] as number] as SparseRow;
      const { idx, val } = r.x;
      let z = bias;
      for (let i = 0; i < idx.length; i++) z += (w[idx[i] as number] as number) * (val[i] as number);
      const g = r.w * (sigmoid(z) - r.y);
      for (let i = 0; i < idx.length; i++) {
        const j = idx[i] as number;
        const gj = g * (val[i] as number) + opt.l2 * r.w * (w[j] as number);
        g2[j] = (g2[j] as number) + gj * gj;
        w[j] = (w[j] as number) - (opt.lr * gj) / Math.sqrt(g2[j] as number);
      }
      bg2 += g * g;
      bias -= (opt.lr * g) / Math.sqrt(bg2);
    }
  }
  return { w, bias };
}

/** The logit of a sparse model for a vector. */
export function sparseLogit(m: { w: ArrayLike<number>; bias: number }, x: SparseVector): number {
  let z = m.bias;
  for (let i = 0; i < x.idx.length; i++) z += (m.w[x.idx[i] as number] as number) * (x.val[i] as number);
  return z;
}

/** One combiner row: dense inputs and the indices of the indicator inputs that are 1. */
export interface CombinerRow {
  dense: number[];
  on: number[];
  y: 0 | 1;
  w: number;
}

export interface CombinerOptions {
  /** Number of dense inputs and of indicator inputs. */
  dense: number;
  indicators: number;
  /** Prior weight of each input (dense first), the L2 pull is towards it. */
  prior: number[];
  /** Bounds per input (dense first): the weight is kept in [lower, upper]. */
  lower: number[];
  upper: number[];
  /** L2 strength in units of sample weight (a rule seen on fewer weighted rows stays near its prior). */
  lambda: number;
  iterations: number;
  lr: number;
}

/** Fits the combiner by full-batch Adam; returns weights (dense first) and the intercept. */
export function trainCombiner(rows: readonly CombinerRow[], opt: CombinerOptions): { theta: Float64Array; intercept: number } {
  const n = opt.dense + opt.indicators;
  const theta = Float64Array.from(opt.prior);
  let b = 0;
  const m = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  let W = 0;
  for (const r of rows) W += r.w;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const grad = new Float64Array(n + 1);
  for (let it = 1; it <= opt.iterations; it++) {
    grad.fill(0);
    for (const r of rows) {
      let z = b;
      for (let j = 0; j < opt.dense; j++) z += (theta[j] as number) * (r.dense[j] as number);
      for (const j of r.on) z += theta[opt.dense + j] as number;
      const g = r.w * (sigmoid(z) - r.y);
      for (let j = 0; j < opt.dense; j++) grad[j] = (grad[j] as number) + g * (r.dense[j] as number);
      for (const j of r.on) grad[opt.dense + j] = (grad[opt.dense + j] as number) + g;
      grad[n] = (grad[n] as number) + g;
    }
    for (let j = 0; j <= n; j++) {
      let gj = (grad[j] as number) / W;
      if (j < n) gj += (opt.lambda / W) * ((theta[j] as number) - (opt.prior[j] as number));
      m[j] = beta1 * (m[j] as number) + (1 - beta1) * gj;
      v[j] = beta2 * (v[j] as number) + (1 - beta2) * gj * gj;
      const step = (opt.lr * ((m[j] as number) / (1 - beta1 ** it))) / (Math.sqrt((v[j] as number) / (1 - beta2 ** it)) + 1e-8);
      if (j === n) b -= step;
      else {
        theta[j] = Math.min(opt.upper[j] as number, Math.max(opt.lower[j] as number, (theta[j] as number) - step));
      }
    }
  }
  return { theta, intercept: b };
}

import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index';
import { hashFeatures } from './hash';
import { loadModels, logit, MODELS } from './runtime';
import { TEXT_BITS } from './text-features';
import type { ModelData } from './types';
import { HOST_BITS, PATH_BITS } from './url-features';
import { decodeBase64, decodeModel, encodeBase64, quantize } from './weights';
import { MODEL_DATA } from './weights-generated';

describe('weight storage', () => {
  it('round-trips bytes through base64', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255, 256, 1000]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
      const s = encodeBase64(bytes);
      expect(s.length % 4).toBe(0);
      expect([...decodeBase64(s)]).toEqual([...bytes]);
    }
    expect(() => decodeBase64('ab$d')).toThrow();
  });

  it('round-trips weights through int8 quantisation within half a step', () => {
    const w = Float64Array.from({ length: 1024 }, (_, i) => Math.sin(i) * 3);
    const { scale, q } = quantize(w);
    const stored = { bits: 10, bias: 0.25, scale, weights: encodeBase64(new Uint8Array(q.buffer)) };
    const m = decodeModel(stored, 10)!;
    expect(m).not.toBeNull();
    for (let i = 0; i < w.length; i++) expect(Math.abs(m.q[i]! * m.scale - w[i]!)).toBeLessThanOrEqual(scale / 2 + 1e-9);
    const v = hashFeatures(['a', 'b', 'c'], 10);
    let exact = 0.25;
    for (let i = 0; i < v.idx.length; i++) exact += w[v.idx[i]!]! * v.val[i]!;
    expect(logit(m, v)).toBeCloseTo(exact, 1);
  });

  it('treats missing or wrong-sized weights as no model instead of garbage', () => {
    expect(decodeModel({ bits: 10, bias: 0, scale: 1, weights: '' }, 10)).toBeNull();
    expect(decodeModel({ bits: 10, bias: 0, scale: 1, weights: 'AAAA' }, 10)).toBeNull();
    expect(decodeModel({ bits: 9, bias: 0, scale: 1, weights: 'AAAA' }, 10)).toBeNull();
    expect(logit(null, hashFeatures(['a'], 10))).toBeNull();
  });

  it('loads the generated module: models of the sizes the featurisers hash into', () => {
    expect(MODELS.data).toBe(MODEL_DATA);
    if (MODEL_DATA.text.weights !== '') expect(MODELS.text?.q.length).toBe(2 ** TEXT_BITS);
    if (MODEL_DATA.host.weights !== '') expect(MODELS.host?.q.length).toBe(2 ** HOST_BITS);
    if (MODEL_DATA.path.weights !== '') expect(MODELS.path?.q.length).toBe(2 ** PATH_BITS);
    expect(MODEL_DATA.thresholds.suspicious).toBeLessThan(MODEL_DATA.thresholds.phishing);
  });

  it('matches the registry: every learned rule weight names a registered rule with the right sign', () => {
    const rules = new Map(ALL_RULES.map((r) => [r.id, r]));
    for (const kind of ['text', 'url'] as const) {
      for (const [id, w] of Object.entries(MODEL_DATA.combiner[kind].rules)) {
        const rule = rules.get(id);
        // a rule removed since training: its weight is simply never used
        if (rule === undefined) continue;
        if (rule.polarity === 'trust') expect(w, id).toBeLessThanOrEqual(0);
        else expect(w, id).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('degrades gracefully without a model: rules alone still score', () => {
    const empty: ModelData = {
      ...MODEL_DATA,
      text: { ...MODEL_DATA.text, weights: '' },
      host: { ...MODEL_DATA.host, weights: '' },
      path: { ...MODEL_DATA.path, weights: '' },
    };
    const m = loadModels(empty);
    expect(m.text).toBeNull();
    expect(m.host).toBeNull();
    expect(m.path).toBeNull();
  });
});

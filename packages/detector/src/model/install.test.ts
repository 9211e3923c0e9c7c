import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { THRESHOLDS } from '../scoring';
import { installModels, loadModels, MODELS } from './runtime';

describe('installModels', () => {
  it('makes the engine use other models until the previous ones are put back', () => {
    const text = 'URGENT: your account is suspended, verify now at http://secure-login-verify.top/acc';
    const before = analyze({ kind: 'text', content: text });
    const shipped = MODELS;
    // the same models with thresholds no score reaches: every verdict is safe
    const previous = installModels(loadModels({ ...shipped.data, thresholds: { suspicious: 0.999, phishing: 0.9995 } }));
    try {
      expect(previous).toBe(shipped);
      expect(THRESHOLDS.suspicious).toBe(0.999);
      expect(analyze({ kind: 'text', content: text }).threatLevel).toBe('safe');
    } finally {
      installModels(previous);
    }
    expect(MODELS).toBe(shipped);
    expect(THRESHOLDS.suspicious).toBe(shipped.data.thresholds.suspicious);
    expect(analyze({ kind: 'text', content: text })).toEqual(before);
    expect(before.threatLevel).not.toBe('safe');
  });
});

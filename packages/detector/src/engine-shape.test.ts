/**
 * Structural rules of the engine (DESIGN.md section 2 and 4): one rule per file with its id as
 * the file name and a table test beside it, every rule in the registry, and no I/O, clock or
 * platform APIs anywhere in the engine so it runs unchanged in a browser Web Worker.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from './rules/index';

/** Every source file of the package, by path relative to `src` ("./rules/url/ip-host.ts"). */
const sources: Record<string, string> = import.meta.glob('./**/*.ts', { query: '?raw', import: 'default', eager: true });

const basename = (path: string, suffix = ''): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return suffix && name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
};

const all = Object.keys(sources);
const engineFiles = all.filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('./test-support/'));
const ruleFiles = all.filter((f) => /^\.\/rules\/[a-z-]+\/[a-z0-9-]+\.ts$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('/index.ts'));

describe('rules', () => {
  it('has one registered rule per rule file, with the file name as id and a table test', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ruleFiles.map((f) => basename(f, '.ts')).sort()).toEqual([...ids].sort());
    for (const f of ruleFiles) {
      expect(all).toContain(f.replace(/\.ts$/, '.test.ts'));
      expect(sources[f]).toContain(`id: '${basename(f, '.ts')}'`);
    }
  });

  it('uses the spec labels word for word for the six phrase groups', () => {
    const labels = Object.fromEntries(ALL_RULES.map((r) => [r.id, r.label]));
    expect(labels).toMatchObject({
      'urgency-language': 'Urgency language detected',
      'reward-language': 'Reward scam patterns detected',
      'security-threat-language': 'Security threat language detected',
      'link-instructions': 'Suspicious link instructions',
      'time-pressure': 'Artificial time pressure',
      'suspicious-url': 'Suspicious URL detected',
    });
  });
});

describe('purity', () => {
  const forbidden: [RegExp, string][] = [
    [/from\s+'node:|require\(/, 'node imports'],
    [/Date\.now|new Date\b|performance\.now/, 'clock reads'],
    [/\bfetch\(|XMLHttpRequest|WebSocket/, 'network'],
    [/\bprocess\.|\bwindow\.|\bdocument\./, 'platform globals'],
    [/Math\.random/, 'randomness'],
  ];
  it.each(engineFiles.map((f) => [f]))('%s does no I/O and imports only tldts and relative paths', (rel) => {
    const src = sources[rel] ?? '';
    for (const [re, what] of forbidden) expect(re.test(src), `${rel}: ${what}`).toBe(false);
    const imports = [...src.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
    for (const spec of imports) {
      expect(spec === 'tldts' || spec.startsWith('./') || spec.startsWith('../'), `${rel} imports ${spec}`).toBe(true);
      expect(/\.(ts|js)$/.test(spec), `${rel}: import without extension`).toBe(false);
    }
  });

  it('names files in kebab-case', () => {
    expect(engineFiles.length).toBeGreaterThan(20);
    for (const f of all) expect(basename(f)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.test|\.d)?\.ts$/);
  });
});

import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/imports' || m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

describe('import boundaries (DESIGN.md section 2)', () => {
  it('keeps the detector free of our packages and of Node built-ins', async () => {
    expect(await messagesFor('packages/detector/src/x.ts', "import { z } from '@baitcheck/contracts';\nexport const a = z;")).toHaveLength(1);
    expect(await messagesFor('packages/detector/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;")).toHaveLength(1);
    expect(await messagesFor('packages/detector/src/x.ts', "import { parse } from 'tldts';\nexport const a = parse;")).toEqual([]);
  });

  it('forbids clock reads and randomness inside the engine', async () => {
    expect(await messagesFor('packages/detector/src/x.ts', 'export const t = Date.now();')).toHaveLength(1);
    expect(await messagesFor('packages/detector/src/x.ts', 'export const t = new Date();')).toHaveLength(1);
    expect(await messagesFor('packages/detector/src/x.ts', 'export const r = Math.random();')).toHaveLength(1);
    expect(await messagesFor('packages/detector/src/x.ts', "export const t = new Date('2025-01-01');")).toEqual([]);
  });

  it('lets contracts import only zod', async () => {
    expect(await messagesFor('packages/contracts/src/x.ts', "import { parse } from 'tldts';\nexport const a = parse;")).toHaveLength(1);
    expect(await messagesFor('packages/contracts/src/x.ts', "import { z } from 'zod';\nexport const a = z;")).toEqual([]);
    expect(await messagesFor('packages/contracts/src/x.test.ts', "import { it } from 'vitest';\nexport const a = it;")).toEqual([]);
    expect(await messagesFor('packages/contracts/src/x.ts', "import { it } from 'vitest';\nexport const a = it;")).toHaveLength(1);
  });

  it('lets apps use contracts and detector but not each other', async () => {
    expect(await messagesFor('apps/web/src/x.ts', "import { buildApp } from '@baitcheck/server';\nexport const a = buildApp;")).toHaveLength(1);
    expect(await messagesFor('apps/server/src/x.ts', "import { ENDPOINTS } from '@baitcheck/contracts';\nexport const a = ENDPOINTS;")).toEqual([]);
    expect(await messagesFor('apps/server/src/x.ts', "import { a } from '../../web/src/y';\nexport const b = a;")).toHaveLength(1);
  });

  it('keeps web features from importing each other', async () => {
    expect(await messagesFor('apps/web/src/features/home/x.tsx', "import { A } from '../history/components/a';\nexport const b = A;")).toHaveLength(1);
    expect(await messagesFor('apps/web/src/features/home/parts/x.tsx', "import { A } from '../hooks';\nexport const b = A;")).toEqual([]);
    expect(await messagesFor('apps/web/src/features/home/x.tsx', "import { A } from '../../components/ui/button';\nexport const b = A;")).toEqual([]);
  });
});

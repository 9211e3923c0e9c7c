import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server package's folder, where `npm start` runs `src/main.ts`. */
export const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The Node flags of the server's `start` script (`node <flags> src/main.ts`), so tests and probes
 * that start the real server meet it as `npm start` runs it, `--disable-proto=delete` included.
 */
export function serverStartFlags(): string[] {
  const pkg = JSON.parse(readFileSync(`${SERVER_DIR}package.json`, 'utf8')) as { scripts: Record<string, string> };
  const match = /\bnode\s+(.*?)\s*src\/main\.ts\b/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error('the server start script does not run node … src/main.ts');
  return (match[1] as string).split(/\s+/).filter(Boolean);
}

import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './server-process.ts';

/** The server's enhanced-scan bench (apps/server/src/bench/enhanced-scan.ts), run in its own process. */
export interface EnhancedScanFigures {
  budgetMs: number;
  basic: { scans: number; p50: number; p99: number };
  enhanced: { scans: number; p50: number; p99: number };
  added: { scans: number; p50: number; p99: number };
  oneSourceHanging: { scans: number; p50: number; p99: number; addedP50: number; addedP99: number };
}

/** Runs the server's enhanced-scan bench and returns its figures, and them as lines to print. */
export function measureEnhancedScan(scans = 200): { figures: EnhancedScanFigures; text: string } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/bench/enhanced-scan.ts', '--scans', String(scans)], {
    cwd: `${REPO_ROOT}apps/server`,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`the enhanced-scan bench failed (exit ${res.status}): ${res.stderr}`);
  const figures = JSON.parse(res.stdout) as EnhancedScanFigures;
  const f = figures;
  const text = [
    `Enhanced scan (feeds + DNS + RDAP on 127.0.0.1, cold caches, budget ${f.budgetMs} ms), ${f.basic.scans} scans:`,
    `  added by enrichment p50 ${f.added.p50} ms, p99 ${f.added.p99} ms (basic p50 ${f.basic.p50} ms, enhanced p50 ${f.enhanced.p50} ms)`,
    `  DNS hanging (${f.oneSourceHanging.scans} scans; the first waits the budget, later ones skip DNS for a minute): added p50 ${f.oneSourceHanging.addedP50} ms, p99 ${f.oneSourceHanging.addedP99} ms`,
  ].join('\n');
  return { figures, text };
}

import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './server-process.ts';

/** The server's history-size bench (apps/server/src/bench/history-size.ts), run in its own process. */
export interface HistorySizeFigures {
  database: 'pglite' | 'postgres';
  samples: number;
  sizes: { messages: number; stats: CallFigures; recentAlerts: CallFigures; historyPage: CallFigures; scan: CallFigures }[];
}

interface CallFigures {
  p50: number;
  p95: number;
}

/** Under this, at every size, each dashboard call meets issue 21's target. */
export const HISTORY_CALL_TARGET_MS = 10;

/** Runs the bench at `sizes` messages in one history and returns its figures, and them as lines to print. */
export function measureHistorySize(options: { sizes?: number[]; database?: 'pglite' | 'postgres' } = {}): { figures: HistorySizeFigures; text: string } {
  const args = ['--import', 'tsx', 'src/bench/history-size.ts', '--sizes', (options.sizes ?? [1_000, 10_000, 50_000]).join(','), '--database', options.database ?? 'pglite'];
  const res = spawnSync(process.execPath, args, { cwd: `${REPO_ROOT}apps/server`, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`the history-size bench failed (exit ${res.status}): ${res.stderr}`);
  const figures = JSON.parse(res.stdout) as HistorySizeFigures;
  const cell = (c: CallFigures) => `${c.p50} ms (p95 ${c.p95})`;
  const text = [
    `One history's size and the dashboard's calls (${figures.database}, median of ${figures.samples}; target under ${HISTORY_CALL_TARGET_MS} ms):`,
    ...figures.sizes.map((s) => `  ${String(s.messages).padStart(6)} messages: stats ${cell(s.stats)}, recent alerts ${cell(s.recentAlerts)}, a history page of 100 ${cell(s.historyPage)}; a scan saved ${cell(s.scan)}`),
  ].join('\n');
  return { figures, text };
}

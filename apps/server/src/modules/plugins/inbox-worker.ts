import { type TextScanRequest, type TextScanResponse } from '@baitcheck/contracts';
import { requestHashOf, type ScanService } from '../scan/scan.service.ts';
import { ScanLimitError, type ScanUsageService } from '../scan-usage/scan-usage.service.ts';
import { PLUGIN_CATALOGUE } from './catalogue.ts';
import type { InboxRow, PluginsRepository } from './plugins.repository.ts';

/** How many waiting messages one pass takes, and how long they are held for it. */
const BATCH = 10;
const LEASE_MS = 5 * 60_000;
/** Tries of a message whose scan fails before it is given up, and the first wait between them. */
export const MAX_SCAN_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
/** The time zone of a plugin's daily count: a message arriving has no browser to say the person's. */
const PLUGIN_TIME_ZONE = 'UTC';

/** What happens after a message is scanned (the Slack plugin's thread reply). Its failure is logged, never retried. */
export type AfterScan = (row: InboxRow, result: TextScanResponse) => Promise<void>;

/** The sender a scan is given: who the engine judges (a forwarded text or a whole email carry their own). */
function scanSenderOf(row: InboxRow): string {
  switch (row.pluginId) {
    case 'slack':
      return row.sender.name;
    case 'social-media':
      return row.sender.handle;
    default:
      return '';
  }
}

/**
 * Scans what the plugins kept, oldest first: each message through the scan service (blocked
 * senders, the engine, History with the plugin as source), counted against the plan's daily
 * limit. A message is scanned once: its History entry is made under the idempotency key
 * `plugin:{id}`, so a worker stopped after the scan and before marking it finds the first result
 * again. When today's scans are used up the message waits for them; a failing scan is retried
 * with a growing wait, then given up with a note. Nothing is lost: what waits is in the database.
 */
export function createInboxWorker(deps: {
  repo: PluginsRepository;
  scan: ScanService;
  usage: Pick<ScanUsageService, 'spend'>;
  log: { warn(fields: Record<string, unknown>, message: string): void };
  afterScan?: AfterScan;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const scanOne = async (row: InboxRow): Promise<void> => {
    const key = `plugin:${row.id}`;
    const request: TextScanRequest = {
      content: row.raw ?? row.content,
      sender: scanSenderOf(row),
      source: PLUGIN_CATALOGUE[row.pluginId].source,
      enhancedAnalysis: false,
      // the simulated feed's made-up scams are never kept as the person's own alerts (History,
      // the dashboard, the banner): their verdicts show in the plugin's list alone
      saveToHistory: row.pluginId !== 'social-media',
    };
    const body = { plugin: row.pluginId, message: row.id };
    let spent;
    try {
      // a repeat of this message (a worker stopped mid-scan) is not counted twice
      spent = await deps.usage.spend(row.userId, PLUGIN_TIME_ZONE, { key, requestHash: requestHashOf('text', body) });
    } catch (error) {
      if (!(error instanceof ScanLimitError)) throw error;
      await deps.repo.postpone(row.id, error.resetsAt, 'Waiting: today’s free scans are used up. It will be checked when they reset, or at once on Premium.', false);
      return;
    }
    let result: TextScanResponse;
    try {
      ({ value: result } = await deps.scan.once(row.userId, key, 'text', body, (pendingKey) => deps.scan.scanText(row.userId, request, { pendingKey })));
    } catch (error) {
      await spent.refund().catch(() => undefined);
      throw error;
    }
    await deps.repo.markScanned(row, result.message.id, result.analysis.threatLevel, clock());
    if (deps.afterScan) {
      await deps.afterScan(row, result).catch((error: unknown) => deps.log.warn({ err: error, plugin: row.pluginId }, 'a plugin could not act on a scanned message'));
    }
  };

  const pass = async (): Promise<void> => {
    for (;;) {
      if (stopped) return;
      const due = await deps.repo.claimDue(clock(), BATCH, LEASE_MS);
      if (due.length === 0) return;
      for (const row of due) {
        if (stopped) return;
        try {
          await scanOne(row);
        } catch (error) {
          const attempts = row.attempts + 1;
          deps.log.warn({ err: error, plugin: row.pluginId, attempts }, 'a plugin message could not be scanned');
          if (attempts >= MAX_SCAN_ATTEMPTS) {
            await deps.repo.skip(row.id, 'Could not be scanned after several tries. Paste it on the Scan page to check it.').catch(() => undefined);
          } else {
            const wait = FIRST_RETRY_MS * 2 ** (attempts - 1);
            await deps.repo.postpone(row.id, new Date(clock().getTime() + wait), 'Waiting: the last try to scan it failed. It will be tried again shortly.', true).catch(() => undefined);
          }
        }
      }
    }
  };

  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } catch (error) {
        deps.log.warn({ err: error }, 'the plugin inbox could not be read');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    /** Scans what is due now; resolves when nothing due is left (or the worker stopped). */
    drain,
    /** Starts a pass soon, without waiting for it (a message just arrived). */
    kick(): void {
      if (!stopped) void drain();
    },
    /** Stops after the message being scanned; resolves then. */
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

/** The inbox worker. */
export type InboxWorker = ReturnType<typeof createInboxWorker>;

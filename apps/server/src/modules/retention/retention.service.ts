import { PLAN_IDS, PLANS, SUPPORT_REQUEST_RETENTION_DAYS, type PlanId } from '@baitcheck/contracts';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Logger } from 'pino';
import { historyStart } from '../messages/history-window.ts';
import { BILLING_EVENTS_KEPT_MS, type BillingRepository } from '../billing/billing.repository.ts';
import type { ScanUsageRepository } from '../scan-usage/scan-usage.repository.ts';
import type { AgeCursor, RetentionRepository } from './retention.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Scans weighed (and at most deleted) per transaction: each holds its locks for milliseconds. */
export const RETENTION_BATCH = 500;
/** Counts of the daily scan limit kept: no day, in any time zone, nor the last 24 hours, reaches further back. */
export const SCAN_COUNTS_KEPT_MS = 3 * DAY_MS;

/** The longest history window of any plan (Family's 90 days): nothing a plugin received is kept longer. */
const LONGEST_WINDOW_DAYS = Math.max(...PLAN_IDS.map((id) => PLANS[id].retentionDays));

/** Days the simulated social feed's posts are listed (they are never in History). */
const SIMULATED_FEED_DAYS = 7;

/** What a run deleted. */
export interface RetentionResult {
  /** Scans deleted from histories, past their plan's window. */
  messages: number;
  /** Counts of the daily scan limit too old to matter. */
  scanCounts: number;
  /** Payment events and test checkouts too old to matter. */
  billingRecords: number;
  /** Refunded plans whose cancel had failed, ended now. */
  refundsFinished: number;
  /** Messages plugins received whose History entry is gone, or older than the longest window. */
  pluginMessages: number;
  /** Verdicts of on-device scans older than the longest history window (each read keeps to the person's own window). */
  deviceScans: number;
  /** Support requests older than {@link SUPPORT_REQUEST_RETENTION_DAYS} days (the Privacy Policy's 12 months). */
  supportRequests: number;
}

/**
 * The retention job: deletes each user's scans older than their plan's history window (7, 30 or
 * 90 days), the scan counts no day needs any more, payment events and test checkouts older
 * than 30 days, and support requests older than 365 days. Idempotent (a run deletes only what is
 * past its window, so running twice, or on two servers, deletes nothing more), in short batches
 * (a big history never holds a lock for long, and PGlite answers requests between them), and one
 * server at a time (the batches take a PostgreSQL advisory lock; a server that finds it taken
 * leaves the run to the other). The plan is the billing service's word, as for every read.
 */
export function createRetentionService(deps: {
  repo: RetentionRepository;
  usage: Pick<ScanUsageRepository, 'pruneBefore'>;
  billing: Pick<BillingRepository, 'pruneBefore'>;
  plans: { effectivePlan(userId: string): Promise<PlanId> };
  /** Ends the plans that were refunded but whose cancel failed (the billing service); answers how many. */
  finishRefunds?: () => Promise<number>;
  clock?: () => Date;
  batchSize?: number;
}) {
  const clock = deps.clock ?? (() => new Date());
  const batchSize = deps.batchSize ?? RETENTION_BATCH;
  // a user not on a paid plan is on the plan of the shortest window
  const shortest = PLAN_IDS.reduce((a, b) => (PLANS[b].retentionDays < PLANS[a].retentionDays ? b : a));

  return {
    /** Runs the job once; null when another server was running it. `shouldStop` is asked between batches. */
    async run(shouldStop: () => boolean = () => false): Promise<RetentionResult | null> {
      const now = clock();
      const defaultStart = historyStart(shortest, now);
      // the windows of users on a longer plan, as the billing service answers now
      const starts = new Map<string, Date>();
      for (const userId of await deps.repo.usersWithPaidStatus()) {
        const start = historyStart(await deps.plans.effectivePlan(userId), now);
        if (start < defaultStart) starts.set(userId, start);
      }
      const expired = (m: { userId: string; scanDate: Date }) => m.scanDate < (starts.get(m.userId) ?? defaultStart);

      let messages = 0;
      let after: AgeCursor | null = null;
      while (!shouldStop()) {
        const batch = await deps.repo.deleteBatch({ before: defaultStart, after, limit: batchSize }, expired);
        if (batch === 'busy') return null;
        messages += batch.deleted;
        if (batch.examined < batchSize || batch.last === null) break;
        after = batch.last;
        await yieldToRequests();
      }

      /** Deletes in batches until a batch comes back short; answers how many went. */
      const drain = async (prune: (limit: number) => Promise<number>) => {
        let total = 0;
        while (!shouldStop()) {
          const gone = await prune(batchSize);
          total += gone;
          if (gone < batchSize) break;
          await yieldToRequests();
        }
        return total;
      };
      const scanCounts = await drain((limit) => deps.usage.pruneBefore(new Date(now.getTime() - SCAN_COUNTS_KEPT_MS), limit));
      const billingRecords = await drain((limit) => deps.billing.pruneBefore(new Date(now.getTime() - BILLING_EVENTS_KEPT_MS), limit));
      const supportRequests = await drain((limit) => deps.repo.pruneSupportRequestsBefore(new Date(now.getTime() - SUPPORT_REQUEST_RETENTION_DAYS * DAY_MS), limit));
      const deviceScans = await drain((limit) => deps.repo.pruneDeviceScansBefore(new Date(now.getTime() - LONGEST_WINDOW_DAYS * DAY_MS), limit));
      const pluginMessages = await drain((limit) => deps.repo.prunePluginMessages(new Date(now.getTime() - LONGEST_WINDOW_DAYS * DAY_MS), limit, new Date(now.getTime() - SIMULATED_FEED_DAYS * DAY_MS)));
      // a refunded plan whose cancel failed would renew and charge again: it is ended here, hourly
      const refundsFinished = deps.finishRefunds ? await deps.finishRefunds() : 0;
      return { messages, scanCounts, billingRecords, refundsFinished, supportRequests, pluginMessages, deviceScans };
    },
  };
}

/** The retention service. */
export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Runs the retention job now and every `intervalMs` (hourly in `main.ts`), never two runs at
 * once. `stop()` clears the timer and resolves once a run in progress has finished its batch.
 */
export function startRetentionSchedule(options: { retention: RetentionService; intervalMs: number; logger: Pick<Logger, 'info' | 'warn'> }): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || stopped) return;
    running = options.retention
      .run(() => stopped)
      .then((result) => {
        if (result && (result.messages > 0 || result.scanCounts > 0 || result.billingRecords > 0 || result.supportRequests > 0 || result.pluginMessages > 0 || result.deviceScans > 0)) options.logger.info(result, 'deleted scans past their plan\'s history window and records too old to matter');
      })
      .catch((err: unknown) => options.logger.warn({ err }, 'the retention job failed; it runs again within the hour'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

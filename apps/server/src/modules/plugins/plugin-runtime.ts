import type { ClusterBus } from '../../cluster/bus.ts';
import type { PlanId, PluginId } from '@baitcheck/contracts';
import type { InboxWorker } from './inbox-worker.ts';
import type { ConnectionRow, PluginsRepository } from './plugins.repository.ts';
import type { PluginsService } from './plugins.service.ts';
import { nextFeedPosts } from './social/social-feed.ts';

/** How often the runtime looks for due work: the feed's new posts, messages whose wait is over. */
export const RUNTIME_TICK_MS = 60_000;
/** How long a source's event ids are kept against replays (Slack retries for minutes, Twilio less). */
const EVENT_MEMORY_MS = 24 * 60 * 60 * 1000;

/** Something long-lived the runtime starts and stops with the server (the inbox watchers). */
export interface PluginDriver {
  /** Brings the driver in line with the stored connections (all, or one person's plugin). */
  reconcile(userId?: string): Promise<void>;
  stop(): Promise<void>;
  /** Undoes `stop`: the next reconcile starts what is wanted again (the runtime resumed after a pause). */
  resume?(): void;
}

/**
 * The plugins' background work, in one place: the inbox worker that scans what arrived, the
 * simulated social feed's posts, the drivers of long-lived connections (IMAP watchers), and
 * the pruning of old event ids. `start` runs it every {@link RUNTIME_TICK_MS}; a change of a
 * person's plugin is acted on at once (`changed`). One process runs it: PGlite has one, and on
 * PostgreSQL the worker's claims (row leases) keep servers from scanning a message twice.
 */
export function createPluginRuntime(deps: {
  repo: PluginsRepository;
  plugins: () => PluginsService;
  worker: InboxWorker;
  plans: { effectivePlan(userId: string): Promise<PlanId> };
  /** Minutes between the simulated feed's posts. */
  socialFeedMinutes: number;
  drivers?: Partial<Record<PluginId, PluginDriver>>;
  log: { warn(fields: Record<string, unknown>, message: string): void };
  clock?: () => Date;
  /**
   * Other instances on the same PostgreSQL: only the one that started the runtime (main.ts, under
   * the scheduler lock) runs the drivers and the feed, so a change made through another is sent to it.
   */
  bus?: ClusterBus;
}) {
  const clock = deps.clock ?? (() => new Date());
  const slotMs = deps.socialFeedMinutes * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let stopped = false;
  let started = false;

  const feed = async (row: ConnectionRow): Promise<number> => {
    // the feed is Premium's: a plan that ended stops it (its switch stays as the person left it)
    if ((await deps.plans.effectivePlan(row.userId)) === 'basic') return 0;
    const { posts, state } = nextFeedPosts(row, clock(), slotMs);
    const kept = await deps.plugins().receive(row.userId, 'social-media', posts, state);
    return kept.length;
  };

  /** Adds the feeds' due posts (all people's, or one person's) and scans what is due. */
  const feedAll = async (userId?: string): Promise<void> => {
    const rows = (await deps.repo.running('social-media')).filter((r) => userId === undefined || r.userId === userId);
    let kept = 0;
    for (const row of rows) {
      try {
        kept += await feed(row);
      } catch (error) {
        deps.log.warn({ err: error }, 'the simulated social feed could not add its posts');
      }
    }
    if (kept > 0) deps.worker.kick();
  };

  const tick = async (): Promise<void> => {
    // the drivers follow what changed without a request (a plan that ended, a manager's switch)
    for (const driver of Object.values(deps.drivers ?? {})) await driver.reconcile();
    await feedAll();
    await deps.repo.pruneEvents(new Date(clock().getTime() - EVENT_MEMORY_MS)).catch((error: unknown) => deps.log.warn({ err: error }, 'old plugin event ids could not be pruned'));
    await deps.worker.drain();
  };

  const follow = (userId: string, pluginId: PluginId) => {
    const driver = deps.drivers?.[pluginId];
    if (driver) void driver.reconcile(userId).catch((error: unknown) => deps.log.warn({ err: error, plugin: pluginId }, 'a plugin driver could not follow a change'));
    if (pluginId === 'social-media') void feedAll(userId);
  };
  deps.bus?.subscribe('plugins.changed', ({ userId, pluginId }) => {
    if (started && !stopped) follow(userId, pluginId as PluginId);
  });

  const runTick = () => {
    if (ticking || stopped) return;
    ticking = tick()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'the plugins tick failed'))
      .finally(() => {
        ticking = null;
      });
  };

  return {
    /** One pass of the background work (tests call it; `start` runs it on a timer). */
    tick,

    /** Starts the timer and the drivers; what waited while the server was stopped is scanned now. */
    async start(): Promise<void> {
      started = true;
      stopped = false;
      for (const driver of Object.values(deps.drivers ?? {})) driver.resume?.();
      for (const driver of Object.values(deps.drivers ?? {})) await driver.reconcile().catch((error: unknown) => deps.log.warn({ err: error }, 'a plugin driver could not start'));
      timer = setInterval(runTick, RUNTIME_TICK_MS);
      timer.unref();
      runTick();
    },

    /** A person's plugin changed: its driver follows, the feed gives its first posts, what arrived is scanned. */
    changed(userId: string, pluginId: PluginId): void {
      if (stopped) return;
      if (deps.bus?.shared) {
        void deps.bus.publish('plugins.changed', { userId, pluginId });
        // the drivers run in the instance that started the runtime, perhaps another
        if (!started) return;
      }
      follow(userId, pluginId);
    },

    /** Messages were kept: scan them soon. */
    arrived(): void {
      if (!stopped) deps.worker.kick();
    },

    /**
     * Stops the timer and the drivers, leaving the inbox worker to scan what arrives here (another
     * instance took the scheduled work over); `start` resumes them.
     */
    async pause(): Promise<void> {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
      await Promise.all(Object.values(deps.drivers ?? {}).map((d) => d.stop()));
    },

    async stop(): Promise<void> {
      stopped = true;
      started = false;
      if (timer) clearInterval(timer);
      await ticking;
      await Promise.all(Object.values(deps.drivers ?? {}).map((d) => d.stop()));
      await deps.worker.stop();
    },
  };
}

/** The plugin runtime. */
export type PluginRuntime = ReturnType<typeof createPluginRuntime>;

import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createClusterBus } from './cluster/bus.ts';
import { runClusterPrimary } from './cluster/primary.ts';
import { runWithSchedulerLock, type SchedulerLock } from './cluster/scheduler-lock.ts';
import { createTableMaintenance, type MaintenanceRound } from './db/maintenance.ts';
import { ConfigError, REPO_ROOT, loadConfig, type Config } from './config.ts';
import { databaseTargetFor, openDatabase } from './db/database.ts';
import { createLogger, describeListeningUrl } from './logger.ts';
import { adminTokenPath, writeAdminToken } from './lib/admin-token.ts';
import { importStarterFeed, startFeedSchedule } from './modules/intel/feeds/feeds.scheduler.ts';
import { startRetentionSchedule } from './modules/retention/retention.service.ts';

const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How often scans past their plan's history window are deleted (they are hidden from the moment they pass it). */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

function readConfig(): Config {
  // A .env at the repository root fills in what the environment leaves unset; it never
  // overrides a variable that is set (even to empty).
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nSee .env.example for every variable and its default.\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
// Readable lines in a terminal (npm start), JSON for anything that collects logs.
const logger = createLogger({ level: config.logLevel, readable: Boolean(process.stdout.isTTY) });

// INSTANCES > 1 (with DATABASE_URL): this process only starts that many server processes on the
// port and keeps them running (cluster/primary.ts); each of them runs the rest of this file
if (config.instances > 1 && cluster.isPrimary) {
  await runClusterPrimary({ instances: config.instances, adminToken: writeAdminToken(adminTokenPath(config.dataDir), config.adminToken), logger });
  process.exit(process.exitCode ?? 0);
}
async function openConfiguredDatabase() {
  try {
    return await openDatabase(databaseTargetFor(config));
  } catch (error) {
    logger.fatal({ err: error }, `could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }
}

const database = await openConfiguredDatabase();
logger.info({ driver: database.driver, dataDir: config.databaseUrl ? undefined : config.dataDir }, 'database ready');
// ADMIN_TOKEN when set (every instance the same; a cluster's primary sets it for its instances),
// else a new token each start; written where tools on this machine read it (npm run feeds:import)
const adminToken = cluster.isWorker && config.adminToken ? config.adminToken : writeAdminToken(adminTokenPath(config.dataDir), config.adminToken);
// the other instances on the same PostgreSQL: ended sessions, live alerts, plugin changes
const bus = await createClusterBus(database, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, `could not listen for the other instances on PostgreSQL: ${(error as Error).message}`);
  process.exit(1);
});
const app = await buildApp({ config, database, logger, adminToken, bus });
let feedSchedule: ReturnType<typeof startFeedSchedule> | undefined;
let retentionSchedule: ReturnType<typeof startRetentionSchedule> | undefined;
let scheduler: SchedulerLock | undefined;

const prune = async () => {
  try {
    const pruned = await app.sessions.pruneExpired();
    if (pruned.sessions > 0) logger.info(pruned, 'pruned expired sessions');
  } catch (error) {
    logger.warn({ err: error }, 'pruning sessions failed');
  }
};
let pruneTimer: NodeJS.Timeout | undefined;

// PGlite has no autovacuum: its tables are analyzed and vacuumed here (db/maintenance.ts)
const maintenance = createTableMaintenance(database);
const reportMaintenance = (outcome: MaintenanceRound | Error) => {
  if (outcome instanceof Error) logger.warn({ err: outcome }, 'analyzing or vacuuming the embedded database failed');
  else logger.info(outcome, 'analyzed and vacuumed the embedded database');
};

/**
 * What runs in one instance at a time (on PostgreSQL, the one holding the scheduler lock; on
 * PGlite, this one): the pruning, the retention job, the plugins' drivers and feed, the alert
 * deliveries' schedule (summaries, tips) and the threat feeds' imports.
 */
let scheduledRunning = false;
const scheduledWork = {
  start() {
    scheduledRunning = true;
    pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
    pruneTimer.unref();
    void prune();
    if (database.driver === 'pglite') {
      // statistics for the planner from the start, then as the tables change
      void maintenance.round().then(reportMaintenance, (error: unknown) => reportMaintenance(error instanceof Error ? error : new Error(String(error))));
      maintenance.start(reportMaintenance);
    }
    retentionSchedule = startRetentionSchedule({ retention: app.retention, intervalMs: RETENTION_INTERVAL_MS, logger });
    // what arrived while the server was stopped is scanned now; inboxes are watched again
    void app.pluginRuntime.start();
    // alerts queued before a stop are sent now; summaries and weekly tips from here on
    app.alerts.worker.start();
    // after listening, so a slow download never delays the start
    void importStarterFeed(app.feeds, logger).then(() => {
      if (stopping || !scheduledRunning) return;
      feedSchedule = startFeedSchedule({ feeds: app.feeds, scheduled: config.threatFeeds, intervalMs: config.threatFeedsRefreshHours * 3_600_000, logger });
    });
  },
  async stop() {
    scheduledRunning = false;
    clearInterval(pruneTimer);
    await maintenance.stop();
    feedSchedule?.stop();
    feedSchedule = undefined;
    // a retention run in progress stops after its batch
    await retentionSchedule?.stop();
    retentionSchedule = undefined;
    await app.pluginRuntime.pause().catch((error: unknown) => logger.warn({ err: error }, 'the plugins did not stop cleanly'));
    await app.alerts.worker.stop().catch((error: unknown) => logger.warn({ err: error }, 'the alert deliveries did not stop cleanly'));
  },
};

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // the scheduled work stops first (its lock goes to another instance): a retention batch or an
  // alert being sent is finished, the rest waits in the database
  await scheduler?.stop().catch((error: unknown) => logger.warn({ err: error }, 'the scheduled work did not stop cleanly'));
  // the plugins' worker stops: a message being scanned is finished or left waiting
  await app.pluginRuntime.stop().catch((error: unknown) => logger.warn({ err: error }, 'the plugins did not stop cleanly'));
  try {
    // Stops accepting connections and waits for in-flight requests before resolving.
    await app.close();
    await bus.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  const url = describeListeningUrl(app.server.address());
  if (url) logger.info(`Baitcheck is running at ${url}`);
  scheduler = await runWithSchedulerLock(database, scheduledWork, logger);
} catch (error) {
  logger.fatal({ err: error }, 'could not start listening');
  await bus.close();
  await database.close();
  process.exit(1);
}

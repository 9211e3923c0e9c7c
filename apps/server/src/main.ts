import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
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
// a new token each start: tools on this machine read it to ask this server (npm run feeds:import)
const adminToken = writeAdminToken(adminTokenPath(config.dataDir));
const app = await buildApp({ config, database, logger, adminToken });
let feedSchedule: ReturnType<typeof startFeedSchedule> | undefined;
let retentionSchedule: ReturnType<typeof startRetentionSchedule> | undefined;

const prune = async () => {
  try {
    const pruned = await app.sessions.pruneExpired();
    if (pruned.sessions > 0) logger.info(pruned, 'pruned expired sessions');
  } catch (error) {
    logger.warn({ err: error }, 'pruning sessions failed');
  }
};
const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
pruneTimer.unref();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  clearInterval(pruneTimer);
  feedSchedule?.stop();
  // a retention run in progress stops after its batch, before the database closes
  const retentionStopped = retentionSchedule?.stop();
  // the plugins' watchers and worker stop first: a message being scanned is finished or left waiting
  await app.pluginRuntime.stop().catch((error: unknown) => logger.warn({ err: error }, 'the plugins did not stop cleanly'));
  // an alert being sent is finished; the rest wait in the database for the next start
  await app.alerts.worker.stop().catch((error: unknown) => logger.warn({ err: error }, 'the alert deliveries did not stop cleanly'));
  try {
    // Stops accepting connections and waits for in-flight requests before resolving.
    await app.close();
    await retentionStopped;
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
  void prune();
  retentionSchedule = startRetentionSchedule({ retention: app.retention, intervalMs: RETENTION_INTERVAL_MS, logger });
  // what arrived while the server was stopped is scanned now; inboxes are watched again
  void app.pluginRuntime.start();
  // alerts queued before a stop are sent now; summaries and weekly tips from here on
  app.alerts.worker.start();
  // after listening, so a slow download never delays the start
  void importStarterFeed(app.feeds, logger).then(() => {
    if (stopping) return;
    feedSchedule = startFeedSchedule({ feeds: app.feeds, scheduled: config.threatFeeds, intervalMs: config.threatFeedsRefreshHours * 3_600_000, logger });
  });
} catch (error) {
  logger.fatal({ err: error }, 'could not start listening');
  await database.close();
  process.exit(1);
}

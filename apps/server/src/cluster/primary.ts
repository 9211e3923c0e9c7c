import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that dies within this long of its start counts as failing to start. */
const EARLY_DEATH_MS = 10_000;
/** After this many early deaths in a row the primary gives up (a configuration or database problem, not a crash). */
const MAX_EARLY_DEATHS = 5;

/**
 * `INSTANCES=N` (issue 21): the primary process of Node's cluster module. It opens nothing itself:
 * it starts N server processes, which share the listening port (the primary hands each new
 * connection to one in turn) and one PostgreSQL, and share the admin token through the
 * environment. A process that dies is started again (after a pause that grows while they keep
 * dying young; past {@link MAX_EARLY_DEATHS} in a row the primary stops everything, since a server
 * that cannot start will not start by trying forever). SIGTERM or SIGINT stops them all
 * gracefully (each finishes its requests) and resolves when the last has exited.
 */
export function runClusterPrimary(options: { instances: number; adminToken: string; logger: Logger }): Promise<void> {
  const { instances, logger } = options;
  let stopping = false;
  let earlyDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork({ ADMIN_TOKEN: options.adminToken });
    startedAt.set(worker, Date.now());
    worker.once('listening', () => {
      earlyDeaths = 0;
    });
  };

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, instances: Object.keys(cluster.workers ?? {}).length }, 'stopping the instances');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));

    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
      startedAt.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          logger.info('every instance has stopped');
          resolve();
        }
        return;
      }
      earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
      if (earlyDeaths >= MAX_EARLY_DEATHS) {
        logger.fatal({ code, signal }, `instances keep stopping right after they start (${earlyDeaths} in a row): giving up; see the errors above`);
        stop('SIGTERM');
        process.exitCode = 1;
        return;
      }
      const pauseMs = earlyDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** earlyDeaths);
      logger.error({ pid: worker.process.pid, code, signal, pauseMs }, 'an instance stopped unexpectedly: starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, pauseMs);
    });

    logger.info({ instances }, `starting ${instances} instances`);
    for (let i = 0; i < instances; i++) fork();
  });
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.ts';

/** The PostgreSQL channel every instance LISTENs on. */
export const BUS_CHANNEL = 'baitcheck_bus';

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a message past this is not sent
 * (the publisher's own process has applied it; the others fall back as they do on a lost message).
 */
const MAX_PAYLOAD_BYTES = 7_900;

/** What the instances tell each other. */
export interface BusTopics {
  /** A session ended (sign-out, revoke) or every session of a user (deletion, password change): cached copies go. */
  'sessions.ended': { sessionHashes?: string[]; userId?: string; all?: true };
  /** A person's live notification streams are told this (they may be open on any instance). */
  'notifications.event': { userId: string; event: unknown };
  /** Alert deliveries are waiting: the instance running the delivery worker starts a pass. */
  'alerts.waiting': Record<string, never>;
  /** A person's plugin changed: the instance running the plugin drivers follows it. */
  'plugins.changed': { userId: string; pluginId: string };
}

export type BusTopic = keyof BusTopics;

/**
 * Messages between the server instances that share one PostgreSQL (issue 21): each process
 * applies a change to its own memory itself and publishes it, and every other process applies it
 * to theirs. On PGlite there is one process, and nothing to tell (`shared` false).
 *
 * Delivery is at most once: a message published while an instance's listening connection is down
 * is lost to it. Whatever listens must therefore be a cache the database can rebuild: the bus
 * calls `onResync` after each reconnection, where each cache drops what it holds.
 */
export interface ClusterBus {
  /** True when other processes may share the database (PostgreSQL). */
  readonly shared: boolean;
  /** Sends to the other instances; resolves once PostgreSQL took it (never rejects: a failure is logged). */
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (payload: BusTopics[T]) => void): void;
  /** Called after a lost listening connection is back (messages may have been missed meanwhile). */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

interface Envelope {
  from: string;
  topic: BusTopic;
  payload: unknown;
}

type Log = { warn(fields: Record<string, unknown>, message: string): void; info?(fields: Record<string, unknown>, message: string): void };

/** The bus of an open database: LISTEN/NOTIFY on PostgreSQL, none on PGlite. */
export async function createClusterBus(database: Database, log: Log): Promise<ClusterBus> {
  const handlers = new Map<BusTopic, ((payload: never) => void)[]>();
  const resyncs: (() => void)[] = [];
  const subscribe = <T extends BusTopic>(topic: T, handler: (payload: BusTopics[T]) => void) => {
    handlers.set(topic, [...(handlers.get(topic) ?? []), handler as (payload: never) => void]);
  };
  const onResync = (handler: () => void) => void resyncs.push(handler);
  const postgres = database.postgres;
  if (!postgres) {
    return { shared: false, publish: async () => {}, subscribe, onResync, close: async () => {} };
  }

  const self = randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const dispatch = (text: string | undefined) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text ?? '') as Envelope;
    } catch {
      return;
    }
    if (envelope.from === self) return;
    for (const handler of handlers.get(envelope.topic) ?? []) {
      try {
        handler(envelope.payload as never);
      } catch (error) {
        log.warn({ err: error, topic: envelope.topic }, 'a cluster message could not be applied');
      }
    }
  };

  const connect = async (resync: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: postgres.options.connectTimeoutMs, keepAlive: true });
    client.on('notification', (message) => dispatch(message.payload));
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      if (closed) return;
      log.warn({ err: error }, `the cluster's listening connection to PostgreSQL was lost: reconnecting in ${retryMs} ms`);
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    retryMs = 500;
    if (resync) for (const handler of resyncs) handler();
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect(true).catch((error: unknown) => {
        if (closed) return;
        retryMs = Math.min(retryMs * 2, 30_000);
        log.warn({ err: error }, `the cluster could not listen on PostgreSQL: trying again in ${retryMs} ms`);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  };

  await connect(false);

  return {
    shared: true,
    async publish(topic, payload) {
      const text = JSON.stringify({ from: self, topic, payload } satisfies Envelope);
      if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
        log.warn({ topic, bytes: Buffer.byteLength(text) }, 'a cluster message was too long to send: the other instances miss it');
        return;
      }
      await postgres.pool.query('select pg_notify($1, $2)', [BUS_CHANNEL, text]).catch((error: unknown) => log.warn({ err: error, topic }, 'a cluster message could not be sent'));
    },
    subscribe,
    onResync,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

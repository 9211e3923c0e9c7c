import type { AddressInfo } from 'node:net';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The server's logger. A person watching `npm start` in a terminal reads one line per event
 * ('12:04:01 INFO: Server listening at …'); anything else (a service manager, a file, a log
 * collector) gets pino's JSON, one object a line.
 */
export function createLogger({
  level,
  readable,
  destination,
}: {
  level: string;
  /** Readable lines (a terminal) rather than JSON. */
  readable: boolean;
  /** Where lines go; standard output when absent (colours then follow the terminal). */
  destination?: NodeJS.WritableStream;
}): Logger {
  const options = { level, serializers: { req: serializeRequest } };
  if (!readable) return destination ? pino(options, destination as DestinationStream) : pino(options);
  return pino(
    options,
    pretty({
      destination: destination ?? 1,
      // sync: a line written just before process.exit (a failed start) is not lost.
      sync: true,
      colorize: destination ? false : Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  );
}

/** The request as a log line shows it. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A request in the log (Fastify's fields) without its query string: a Knowledge Base search
 * (`?q=i clicked a link in a text from my bank`) is what a person typed, and the log keeps none of
 * it; the path says what was asked for.
 */
export function serializeRequest(req: LoggedRequest) {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return {
    method: req.method,
    url: query === -1 ? url : `${url.slice(0, query)}?…`,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The address a person opens: `http://localhost:5000` for a loopback or any-address listener. */
export function describeListeningUrl(address: string | AddressInfo | null): string | null {
  if (!address) return null;
  if (typeof address === 'string') return address;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address);
  const host = local ? 'localhost' : address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

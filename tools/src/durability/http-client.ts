import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** One answer: its status, headers and body text. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a request sends beside its method and path. */
export interface HttpRequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

/**
 * A keep-alive HTTP client for load runs: at most `connections` sockets to `baseUrl`, each
 * request failing after `timeoutMs`. Lighter than fetch at thousands of requests a second, so
 * the load generator takes less of the machine it shares with the server.
 */
export function createHttpClient(baseUrl: string, options: { connections: number; timeoutMs?: number }) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    /** Resolves with the answer, whatever its status; rejects when the connection fails or times out. */
    send(method: string, path: string, opts: HttpRequestOptions = {}): Promise<HttpAnswer> {
      const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
      const headers: Record<string, string> = { ...opts.headers };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      return new Promise((resolve, reject) => {
        const req = request({ agent, host: url.hostname, port: url.port, method, path, headers, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
        req.on('error', reject);
        req.end(body);
      });
    },
    /** Closes the idle sockets. */
    close(): void {
      agent.destroy();
    },
  };
}

/** An HTTP client made by {@link createHttpClient}. */
export type HttpClient = ReturnType<typeof createHttpClient>;

/** The session cookie (`name=value`) an answer sets, or null. */
export function sessionCookieOf(answer: HttpAnswer): string | null {
  const set = answer.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return first ? (first.split(';')[0] ?? null) : null;
}

import { connect } from 'node:net';

/** One HTTP response as it came over the wire. */
export interface WireResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with `, ` (set-cookie kept apart). */
  headers: Record<string, string>;
  setCookies: string[];
  body: Buffer;
  /** The body is an event stream still open: what arrived so far. */
  streaming?: boolean;
}

/** What a raw exchange ended with: the responses read, and how the connection ended. */
export interface WireOutcome {
  responses: WireResponse[];
  /** Bytes after the last whole response (a response cut short, or not HTTP at all). */
  leftover: number;
  /** The server closed the connection (rather than our timer ending the wait). */
  closed: boolean;
  /** Nothing came back before the wait ended. */
  timedOut: boolean;
  /** The connection failed (refused, reset before anything arrived). */
  error?: string;
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

function decodeChunked(data: Buffer, start: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let pos = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', pos);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.subarray(pos, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size) || size < 0) return null;
    pos = lineEnd + 2;
    if (size === 0) {
      // trailers, then the blank line
      const trailerEnd = data.indexOf('\r\n', pos);
      if (trailerEnd < 0) return null;
      if (trailerEnd === pos) return { body: Buffer.concat(parts), end: pos + 2 };
      const end = data.indexOf(CRLFCRLF, pos);
      return end < 0 ? null : { body: Buffer.concat(parts), end: end + 4 };
    }
    if (data.length < pos + size + 2) return null;
    parts.push(data.subarray(pos, pos + size));
    pos += size + 2;
  }
}

/**
 * Reads the whole responses in `data` (interim 1xx answers skipped). `headOnly`: answers to HEAD
 * carry no body; `closed`: the connection ended, so a body without length ends there too.
 */
export function parseResponses(data: Buffer, headOnly: boolean, closed: boolean): { responses: WireResponse[]; leftover: number } {
  const responses: WireResponse[] = [];
  let pos = 0;
  while (pos < data.length) {
    const headEnd = data.indexOf(CRLFCRLF, pos);
    if (headEnd < 0) break;
    const lines = data.subarray(pos, headEnd).toString('latin1').split('\r\n');
    const statusLine = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(lines[0] ?? '');
    if (!statusLine) break;
    const status = Number(statusLine[1]);
    const headers: Record<string, string> = {};
    const setCookies: string[] = [];
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'set-cookie') setCookies.push(value);
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const bodyStart = headEnd + 4;
    if (status >= 100 && status < 200) {
      pos = bodyStart;
      continue;
    }
    if (headOnly || status === 204 || status === 304) {
      responses.push({ status, headers, setCookies, body: Buffer.alloc(0) });
      pos = bodyStart;
      continue;
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const decoded = decodeChunked(data, bodyStart);
      if (!decoded) {
        if ((headers['content-type'] ?? '').includes('text/event-stream')) responses.push({ status, headers, setCookies, body: data.subarray(bodyStart), streaming: true });
        pos = responses.at(-1)?.streaming ? data.length : pos;
        break;
      }
      responses.push({ status, headers, setCookies, body: decoded.body });
      pos = decoded.end;
      continue;
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (data.length < bodyStart + length) break;
      responses.push({ status, headers, setCookies, body: data.subarray(bodyStart, bodyStart + length) });
      pos = bodyStart + length;
      continue;
    }
    if ((headers['content-type'] ?? '').includes('text/event-stream')) {
      responses.push({ status, headers, setCookies, body: data.subarray(bodyStart), streaming: true });
      pos = data.length;
      break;
    }
    if (!closed) break;
    responses.push({ status, headers, setCookies, body: data.subarray(bodyStart) });
    pos = data.length;
  }
  return { responses, leftover: data.length - pos };
}

/**
 * Writes `bytes` to 127.0.0.1:`port` as they are and reads what comes back: until the server
 * closes, an event stream begins, or `timeoutMs` passes (then `settleMs` after a whole response,
 * for a connection kept alive). `halfClose`: end our side once written (a request cut short).
 */
export function exchange(port: number, bytes: Buffer, options: { headOnly: boolean; halfClose?: boolean; timeoutMs?: number; settleMs?: number }): Promise<WireOutcome> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const settleMs = options.settleMs ?? 250;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (closed: boolean, timedOut: boolean, error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks, size);
      const { responses, leftover } = parseResponses(data, options.headOnly, closed);
      resolve({ responses, leftover, closed, timedOut: timedOut && responses.length === 0, ...(error && size === 0 ? { error } : {}) });
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false, true), ms);
    };
    arm(timeoutMs);
    socket.on('connect', () => {
      socket.write(bytes, () => {
        if (options.halfClose) socket.end();
      });
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const { responses } = parseResponses(Buffer.concat(chunks, size), options.headOnly, false);
      if (responses.some((r) => r.streaming)) return finish(false, false);
      if (responses.length > 0) arm(settleMs);
    });
    // a reset after the answer arrived is the server closing a connection it will not read more of
    socket.on('error', (err: NodeJS.ErrnoException) => finish(true, false, err.code ?? err.message));
    socket.on('close', () => finish(true, false));
  });
}

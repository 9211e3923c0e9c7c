/**
 * One in-flight request shared by every lookup that needs the same answer at the same time.
 *
 * Several scans often ask an intel source about the same thing at once (a domain, a URL). Rather
 * than send one request each, they join the one already in flight under that key. Each joins
 * with its own AbortSignal, and the rules are:
 *
 * - a waiter whose signal aborts is rejected at once, but the request goes on for the others:
 *   one scan running out of budget must not fail another scan's answer;
 * - the request is cancelled (the signal given to `start` aborts, with the last waiter's reason)
 *   only when no waiter is left, and it is forgotten then, so a later lookup starts afresh
 *   instead of joining a request being torn down;
 * - a settled request is forgotten (success or failure: nothing is cached here, callers cache
 *   what they want inside `start`), and its failure never becomes an unhandled rejection, even
 *   when nobody waits for it any more;
 * - a signal that is already aborted is rejected without starting anything.
 *
 * @example
 * const lookups = createSharedRequests<Report>({ timeoutMs: 1200, timeoutMessage: 'X did not answer within 1200 ms' });
 * const report = await lookups.join(domain, (s) => fetchReport(domain, s), signal);
 */

/** Starts the work: `signal` aborts when every waiter gave up, or when the time limit is reached. */
export type StartRequest<T> = (signal: AbortSignal) => Promise<T>;

/** Options of {@link createSharedRequests}. */
export interface SharedRequestsOptions {
  /**
   * A time limit for each request, counted from its start. When it is reached the signal given to
   * `start` aborts and, if the request then fails, its waiters get `Error(timeoutMessage)` rather
   * than whatever the aborted work threw. None by default.
   */
  timeoutMs?: number;
  /** The message of that error; `no answer within {timeoutMs} ms` by default. */
  timeoutMessage?: string;
  /** What a waiter whose own signal aborts is rejected with; the signal's reason by default. */
  abortError?: (signal: AbortSignal) => unknown;
}

/** One request in flight. */
export interface SharedRequest<T> {
  /**
   * Waits for the request's answer, or rejects as soon as `signal` aborts while the request goes
   * on for the other waiters. Join at once: a request nobody has joined yet is never cancelled.
   */
  join(signal: AbortSignal): Promise<T>;
}

/** The requests in flight, by key; see {@link createSharedRequests}. */
export interface SharedRequests<T> {
  /**
   * Waits for the request in flight under `key`, starting it with `start` when there is none.
   * An aborted `signal` rejects at once, starting nothing.
   */
  join(key: string, start: StartRequest<T>, signal: AbortSignal): Promise<T>;
  /** The request in flight under `key`, if any. */
  get(key: string): SharedRequest<T> | undefined;
  /** Whether a request is in flight under `key`. */
  has(key: string): boolean;
  /**
   * Starts one request filed under every key in `keys` (say, one batch asking about several
   * URLs), for callers that must decide which keys are free before starting; join it straight
   * away. A key already in flight is filed under the new request from then on; the old request
   * goes on for the waiters it has.
   */
  start(keys: string | readonly string[], start: StartRequest<T>): SharedRequest<T>;
}

/** A signal's abort reason, or a generic AbortError should it have none. */
function reasonOf(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The wait was aborted', 'AbortError');
}

/** A registry of shared requests of one kind (one per provider and kind of question). */
export function createSharedRequests<T>(options: SharedRequestsOptions = {}): SharedRequests<T> {
  const { timeoutMs } = options;
  const timeoutMessage = options.timeoutMessage ?? `no answer within ${timeoutMs} ms`;
  const abortError = options.abortError ?? reasonOf;
  const inFlight = new Map<string, SharedRequest<T>>();

  function start(keys: string | readonly string[], begin: StartRequest<T>): SharedRequest<T> {
    const filedUnder = typeof keys === 'string' ? [keys] : [...keys];
    const controller = new AbortController();
    const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    let promise: Promise<T>;
    try {
      promise = begin(timeout ? AbortSignal.any([controller.signal, timeout]) : controller.signal);
    } catch (err) {
      promise = Promise.reject(err);
    }
    if (timeout) {
      promise = promise.catch((err: unknown) => {
        // once every waiter left, the error goes to nobody: leave it as it is
        if (timeout.aborted && !controller.signal.aborted) throw new Error(timeoutMessage);
        throw err;
      });
    }
    let waiters = 0;
    const forget = (): void => {
      for (const key of filedUnder) if (inFlight.get(key) === request) inFlight.delete(key);
    };

    const request: SharedRequest<T> = {
      join(signal) {
        if (signal.aborted) return Promise.reject(abortError(signal));
        waiters += 1;
        return new Promise<T>((resolve, reject) => {
          const onAbort = (): void => {
            waiters -= 1;
            if (waiters === 0) {
              forget();
              controller.abort(signal.reason);
            }
            reject(abortError(signal));
          };
          signal.addEventListener('abort', onAbort, { once: true });
          promise.then(
            (value) => {
              signal.removeEventListener('abort', onAbort);
              resolve(value);
            },
            (err: unknown) => {
              signal.removeEventListener('abort', onAbort);
              reject(err);
            },
          );
        });
      },
    };
    for (const key of filedUnder) inFlight.set(key, request);
    // also what keeps a failure nobody waits for any more from being an unhandled rejection
    promise.then(forget, forget);
    return request;
  }

  return {
    join(key, begin, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal));
      return (inFlight.get(key) ?? start(key, begin)).join(signal);
    },
    get: (key) => inFlight.get(key),
    has: (key) => inFlight.has(key),
    start,
  };
}

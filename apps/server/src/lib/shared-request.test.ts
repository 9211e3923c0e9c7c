import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSharedRequests } from './shared-request.ts';

/** A request under the test's control: its signal, and hands to settle it. */
function manual<T>() {
  const started: AbortSignal[] = [];
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const start = (signal: AbortSignal): Promise<T> => {
    started.push(signal);
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return { start, started, resolve: (value: T) => resolve(value), reject: (err: unknown) => reject(err) };
}

const live = () => new AbortController().signal;
/** Lets every pending callback run, and Node notice any unhandled rejection. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('createSharedRequests', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('shares one start among concurrent joins of a key', async () => {
    const requests = createSharedRequests<string>();
    const work = manual<string>();
    const a = requests.join('k', work.start, live());
    const b = requests.join('k', work.start, live());
    const other = requests.join('other', () => Promise.resolve('other answer'), live());
    expect(work.started).toHaveLength(1);
    work.resolve('answer');
    expect(await Promise.all([a, b, other])).toEqual(['answer', 'answer', 'other answer']);
  });

  it('rejects a waiter that aborts at once, while the request goes on for the others', async () => {
    const requests = createSharedRequests<string>();
    const work = manual<string>();
    const quitter = new AbortController();
    const a = requests.join('k', work.start, quitter.signal);
    const b = requests.join('k', work.start, live());
    const reason = new Error('scan budget spent');
    quitter.abort(reason);
    await expect(a).rejects.toBe(reason);
    expect(work.started[0]?.aborted).toBe(false);
    expect(requests.has('k')).toBe(true);
    work.resolve('answer');
    expect(await b).toBe('answer');
  });

  it("aborts start's signal, with the last waiter's reason, only when every waiter left, and frees the key then", async () => {
    const requests = createSharedRequests<string>();
    const work = manual<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = requests.join('k', work.start, first.signal);
    const b = requests.join('k', work.start, second.signal);
    first.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(work.started[0]?.aborted).toBe(false);
    const reason = new Error('second gave up');
    second.abort(reason);
    await expect(b).rejects.toBe(reason);
    expect(work.started[0]?.aborted).toBe(true);
    expect(work.started[0]?.reason).toBe(reason);
    // a later lookup starts afresh rather than joining the request being torn down
    expect(requests.has('k')).toBe(false);
    const again = manual<string>();
    const c = requests.join('k', again.start, live());
    expect(again.started).toHaveLength(1);
    // the abandoned request settling late does not forget the new one
    work.reject(new Error('aborted'));
    await settle();
    expect(requests.has('k')).toBe(true);
    again.resolve('fresh');
    expect(await c).toBe('fresh');
  });

  it('frees the key once the request succeeds', async () => {
    const requests = createSharedRequests<number>();
    let calls = 0;
    const start = () => Promise.resolve((calls += 1));
    expect(await requests.join('k', start, live())).toBe(1);
    expect(requests.has('k')).toBe(false);
    expect(requests.get('k')).toBeUndefined();
    expect(await requests.join('k', start, live())).toBe(2);
  });

  it('frees the key once the request fails, and passes the failure to every waiter', async () => {
    const requests = createSharedRequests<number>();
    const work = manual<number>();
    const a = requests.join('k', work.start, live());
    const b = requests.join('k', work.start, live());
    const failure = new Error('HTTP 503');
    work.reject(failure);
    await expect(a).rejects.toBe(failure);
    await expect(b).rejects.toBe(failure);
    expect(requests.has('k')).toBe(false);
    expect(await requests.join('k', () => Promise.resolve(7), live())).toBe(7);
  });

  it('turns a start that throws into a rejection', async () => {
    const requests = createSharedRequests<number>();
    const failure = new Error('bad address');
    await expect(
      requests.join(
        'k',
        () => {
          throw failure;
        },
        live(),
      ),
    ).rejects.toBe(failure);
    expect(requests.has('k')).toBe(false);
  });

  it('lets an abandoned request fail, or one nobody joined, without an unhandled rejection', async () => {
    const requests = createSharedRequests<number>();
    const work = manual<number>();
    const quitter = new AbortController();
    const a = requests.join('k', work.start, quitter.signal);
    quitter.abort();
    await expect(a).rejects.toThrow();
    work.reject(new Error('cancelled'));
    requests.start('never-joined', () => Promise.reject(new Error('nobody listens')));
    await settle();
    // afterEach checks that no unhandled rejection was seen (Vitest would fail the run as well)
    expect(requests.has('never-joined')).toBe(false);
  });

  it('rejects a signal already aborted without starting anything', async () => {
    const requests = createSharedRequests<number>();
    const work = manual<number>();
    const aborted = new AbortController();
    const reason = new Error('too late');
    aborted.abort(reason);
    await expect(requests.join('k', work.start, aborted.signal)).rejects.toBe(reason);
    expect(work.started).toHaveLength(0);
    expect(requests.has('k')).toBe(false);

    // nor does joining a request in flight with one count as a waiter
    const b = requests.join('k', work.start, live());
    await expect(requests.get('k')?.join(aborted.signal)).rejects.toBe(reason);
    work.resolve(1);
    expect(await b).toBe(1);
  });

  it('rejects with what abortError makes of the signal', async () => {
    const requests = createSharedRequests<number>({ abortError: (s) => (s.reason instanceof Error ? s.reason : new Error('lookup aborted')) });
    const work = manual<number>();
    const quitter = new AbortController();
    const a = requests.join('k', work.start, quitter.signal);
    quitter.abort('a string, not an error');
    await expect(a).rejects.toThrow('lookup aborted');
    work.reject(new Error('cancelled'));
  });

  it('fails a request that outlives timeoutMs with a clear error, and aborts its work', async () => {
    const requests = createSharedRequests<number>({ timeoutMs: 30, timeoutMessage: 'Example did not answer within 30 ms' });
    let workSignal: AbortSignal | undefined;
    const hang = (signal: AbortSignal) => {
      workSignal = signal;
      return new Promise<number>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    };
    const t0 = performance.now();
    await expect(requests.join('k', hang, live())).rejects.toThrow('Example did not answer within 30 ms');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(workSignal?.aborted).toBe(true);
    expect(requests.has('k')).toBe(false);

    const defaults = createSharedRequests<number>({ timeoutMs: 20 });
    await expect(defaults.join('k', hang, live())).rejects.toThrow('no answer within 20 ms');
    // an answer in time is not touched
    expect(await defaults.join('k', () => Promise.resolve(3), live())).toBe(3);
  });

  it('files one request under several keys, each freed when it settles or is abandoned', async () => {
    const requests = createSharedRequests<string[]>();
    const work = manual<string[]>();
    const batch = requests.start(['a', 'b'], work.start);
    expect(requests.get('a')).toBe(batch);
    expect(requests.get('b')).toBe(batch);
    const waiting = batch.join(live());
    // a join by key finds the batch rather than starting anything
    const viaKey = requests.join('b', () => Promise.reject(new Error('must not start')), live());
    work.resolve(['a', 'b']);
    expect(await waiting).toEqual(['a', 'b']);
    expect(await viaKey).toEqual(['a', 'b']);
    expect(requests.has('a') || requests.has('b')).toBe(false);

    const abandoned = manual<string[]>();
    const quitter = new AbortController();
    const gone = requests.start(['a', 'b'], abandoned.start).join(quitter.signal);
    quitter.abort();
    await expect(gone).rejects.toThrow();
    expect(abandoned.started[0]?.aborted).toBe(true);
    expect(requests.has('a') || requests.has('b')).toBe(false);
    abandoned.reject(new Error('cancelled'));
  });
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStreamSink } from './my-data.routes.ts';
import { ExportCutError } from './my-data.service.ts';

describe('the download sink', () => {
  it('ends a download still being read after its longest time, however steadily the reader takes it (the review’s trickle held a place and a snapshot for minutes)', async () => {
    const out = new PassThrough({ highWaterMark: 64 });
    // a reader that takes everything at once: the sink never has to wait
    out.resume();
    const time = { now: 1_000 };
    const sink = createStreamSink(out, { idleMs: 30_000, maxMs: 15 * 60_000 }, () => {}, () => time.now);
    await sink('first piece');
    time.now += 15 * 60_000 - 1;
    await sink('still in time');
    time.now += 1;
    const late = await sink('too late').catch((error: unknown) => error);
    expect(late).toBeInstanceOf(ExportCutError);
    expect((late as Error).message).toMatch(/still being read 900000 ms after it began/);
  });

  it('waits for a slow reader no longer than the time left', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    // nobody reads: the second piece waits for room, until the 40 ms left run out (not the 30 s idle cut)
    const sink = createStreamSink(out, { idleMs: 30_000, maxMs: 40 }, () => {});
    await sink('x'.repeat(8));
    await expect(sink('y'.repeat(32))).rejects.toThrow(/still being read 40 ms after it began/);
  });

  it('still cuts a reader that takes nothing for the idle time, when that comes first', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const sink = createStreamSink(out, { idleMs: 30, maxMs: 60_000 }, () => {});
    await sink('x'.repeat(8));
    await expect(sink('y'.repeat(32))).rejects.toThrow(/took nothing for 30 ms/);
  });
});

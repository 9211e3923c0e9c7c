import { describe, expect, it } from 'vitest';
import { createBatchWriter } from './batch-writer.ts';

describe('createBatchWriter', () => {
  it('writes a burst of items as one batch and resolves each caller after it', async () => {
    const batches: number[][] = [];
    const writer = createBatchWriter<number>(async (items) => void batches.push(items), { maxBatch: 100 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write(n)));
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('splits batches at maxBatch and keeps the order', async () => {
    const batches: number[][] = [];
    const writer = createBatchWriter<number>(async (items) => void batches.push(items), { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write(n)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('queues writes that arrive during a flush into the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const writer = createBatchWriter<number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate;
      },
      { maxBatch: 100 },
    );
    const first = writer.write(1);
    await new Promise((r) => setImmediate(r));
    const later = [writer.write(2), writer.write(3)];
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails only the caller whose item cannot be written', async () => {
    const written: number[] = [];
    const writer = createBatchWriter<number>(
      async (items) => {
        if (items.includes(13)) throw new Error('unlucky');
        written.push(...items);
      },
      { maxBatch: 100 },
    );
    const results = await Promise.allSettled([12, 13, 14].map((n) => writer.write(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written.sort()).toEqual([12, 14]);
    // The writer keeps working afterwards.
    await writer.write(15);
    expect(written).toContain(15);
  });
});

describe('createBatchWriter with results', () => {
  it('answers each caller the result at its own place, also when a failed batch is retried one by one', async () => {
    const writer = createBatchWriter<number, string>(
      async (items) => {
        if (items.includes(13)) throw new Error('unlucky');
        return items.map((n) => `#${n}`);
      },
      { maxBatch: 100 },
    );
    expect(await Promise.all([1, 2, 3].map((n) => writer.write(n)))).toEqual(['#1', '#2', '#3']);
    const settled = await Promise.allSettled([12, 13, 14].map((n) => writer.write(n)));
    expect(settled).toEqual([
      { status: 'fulfilled', value: '#12' },
      { status: 'rejected', reason: new Error('unlucky') },
      { status: 'fulfilled', value: '#14' },
    ]);
  });
});

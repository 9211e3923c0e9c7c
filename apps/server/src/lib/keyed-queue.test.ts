import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createKeyedQueue', () => {
  it('runs the tasks of one key one after another, in order, and other keys meanwhile', async () => {
    const queue = createKeyedQueue();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} start`);
      await tick();
      events.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run('a', task('a1')), queue.run('a', task('a2')), queue.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(events.indexOf('a1 end')).toBeLessThan(events.indexOf('a2 start'));
    // b did not wait for a
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'));
  });

  it('runs the next task after one that failed, passing the failure to its caller only', async () => {
    const queue = createKeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once its work is done', async () => {
    const queue = createKeyedQueue();
    await queue.run('a', async () => 1);
    await tick();
    expect(queue.size).toBe(0);
  });
});

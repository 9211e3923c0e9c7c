/**
 * Coalesces writes that arrive while the database is busy into one multi-row statement.
 * Embedded PGlite runs one statement at a time with a fixed cost per statement, so under load
 * one INSERT of 50 rows costs a fraction of 50 INSERTs. Each caller still waits for its own row
 * to be committed, and is answered its own result (the `write` function's answer at its item's
 * place, when it answers one). If a batch fails, its items are retried one by one, so one bad row
 * fails only its own caller.
 */
export function createBatchWriter<T, R = void>(write: (items: T[]) => Promise<readonly R[] | void>, options: { maxBatch: number }) {
  let queue: { item: T; resolve: (result: R) => void; reject: (e: unknown) => void }[] = [];
  let flushing = false;

  const flush = async (): Promise<void> => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results?.[i] as R));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const b of batch) {
          try {
            const results = await write([b.item]);
            b.resolve(results?.[0] as R);
          } catch (itemError) {
            b.reject(itemError);
          }
        }
      }
    }
    flushing = false;
  };

  return {
    write(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // The first write starts a flush on the next turn, so writes from the same burst of
        // requests join it; later ones wait for the flush in progress and go in the next batch.
        if (!flushing) {
          flushing = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}

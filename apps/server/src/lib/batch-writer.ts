/**
 * Coalesces writes that arrive while the database is busy into one multi-row statement.
 * Embedded PGlite runs one statement at a time with a fixed cost per statement, so under load
 * one INSERT of 50 rows costs a fraction of 50 INSERTs. Each caller still waits for its own row
 * to be committed. If a batch fails, its items are retried one by one, so one bad row fails
 * only its own caller.
 */
export function createBatchWriter<T>(write: (items: T[]) => Promise<void>, options: { maxBatch: number }) {
  let queue: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let flushing = false;

  const flush = async (): Promise<void> => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        await write(batch.map((b) => b.item));
        for (const b of batch) b.resolve();
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const b of batch) {
          try {
            await write([b.item]);
            b.resolve();
          } catch (itemError) {
            b.reject(itemError);
          }
        }
      }
    }
    flushing = false;
  };

  return {
    write(item: T): Promise<void> {
      return new Promise<void>((resolve, reject) => {
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

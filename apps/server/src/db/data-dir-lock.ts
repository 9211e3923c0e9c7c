import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Locks this process holds, so a second open from the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the lock at `path`, or null when none does (no lock, or a stale one). */
export function lockHolder(path: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(path, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(owner) || owner <= 0) return null;
  // this process: only if it holds the lock now (else a leftover of an earlier run with its pid)
  if (owner === process.pid) return heldHere.has(path) ? owner : null;
  return isAlive(owner) ? owner : null;
}

/**
 * Takes `<path>` as a lock file holding this process's id. PGlite has no lock of its own, and
 * two processes writing one data folder corrupt it (e.g. `npm start` run twice). A lock left by
 * a process that no longer runs is taken over. Returns the release function.
 */
export function acquireDataDirLock(path: string): () => void {
  const inUse = (owner: number) =>
    new Error(`The database in ${path.replace(/\.lock$/, '')} is in use by another Baitcheck server (process ${owner}). Stop it, or set DATA_DIR to another folder.`);
  if (heldHere.has(path)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      // Our own pid in a lock we do not hold is a leftover from an earlier run that had the same
      // pid (containers reuse small pids after a crash), so it is stale like a dead owner's.
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) throw inUse(owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

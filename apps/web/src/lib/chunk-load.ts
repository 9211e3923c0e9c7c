import { createElement, lazy, type ComponentType } from 'react';

// What each browser says when a dynamic import could not fetch its module (or one it imports):
// Chromium, Firefox, Safari; and Vite's own preload of a chunk's styles
const CHUNK_LOAD_FAILURES = [
  'failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'importing a module script failed',
  'unable to preload css',
];

/** A chunk loaded again that does not say which of its modules was asked for: only a reload can tell. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Whether `error` is a chunk of the app's code that failed to load (the connection dropped), not a fault in it. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  const message = error.message.toLowerCase();
  return CHUNK_LOAD_FAILURES.some((failure) => message.includes(failure));
}

/**
 * The address of the chunk a failed dynamic import names, when it is one of this site's: Chromium
 * and Firefox name it in the message, Safari does not. Undefined for a ChunkLoadError.
 */
export function failedChunkAddress(failure: unknown): string | undefined {
  // one that loaded again and could not tell its module names its address too: not for another try
  if (!(failure instanceof Error) || failure instanceof ChunkLoadError) return undefined;
  const named = /https?:\/\/[^\s'"]+\.js/.exec(failure.message)?.[0];
  if (named === undefined) return undefined;
  return new URL(named).origin === window.location.origin ? named : undefined;
}

let retries = 0;

/** How a retry imports an address: a unit test puts its own here (its runner imports no http address). */
export const chunkRetry = { importAddress: (address: string): Promise<unknown> => import(/* @vite-ignore */ address) };

/** A module's namespace as the bundler makes it inside a chunk (Rolldown's, as a browser's own). */
function isModuleNamespace(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module';
}

/**
 * What `pick` wanted of the module, from the exports of the chunk that holds it. A chunk of its
 * own exports the module's exports; a chunk whose exports the bundler renamed (the module is also
 * imported by other chunks) exports the module's namespace instead, which the first import took
 * under a name only the bundled code knows: the namespace `pick` finds something in. Two such, or
 * none, and only a reload can tell.
 */
function pickFromChunk<Wanted>(chunk: unknown, pick: (module: never) => Wanted | undefined, address: string): Wanted {
  const own = pick(chunk as never);
  if (own !== undefined) return own;
  const found = Object.values(chunk as Record<string, unknown>)
    .filter(isModuleNamespace)
    .map((namespace) => pick(namespace as never))
    .filter((wanted) => wanted !== undefined);
  if (found.length === 1) return found[0] as Wanted;
  throw new ChunkLoadError(`The chunk ${address} loaded again, but which of its modules was asked for is not known`);
}

/**
 * Imports again the chunk a failed dynamic import names, from its address with a query of its own
 * (a browser keeps a dynamic import that failed to fetch as failed, Chromium and Firefox, so the
 * same address would never be fetched again), and takes from it what `pick` takes from the module.
 * Undefined where the failure names no address (Safari): the caller decides what to do then.
 */
export function importFailedChunk<Module, Wanted>(failure: unknown, pick: (module: Module) => Wanted | undefined): Promise<Wanted> | undefined {
  const failed = failedChunkAddress(failure);
  if (failed === undefined) return undefined;
  retries += 1;
  const address = `${failed}?retry=${retries}`;
  return chunkRetry.importAddress(address).then((chunk) => pickFromChunk(chunk, pick as (module: never) => Wanted | undefined, address));
}

// What each lazy component whose chunk failed to load does to load again: kept until a retry is
// asked for, since a new load at once, at the render that follows the failure, fails again while
// offline and starts the next (a loop that never lets the error boundary show)
const failedLoads = new Set<() => void>();

/** Lets every lazy component whose chunk failed to load load it again at its next render (an error boundary's retry). */
export function retryFailedChunks(): void {
  const loads = [...failedLoads];
  failedLoads.clear();
  for (const again of loads) again();
}

/**
 * React.lazy for a component whose chunk can fail to load: React keeps a lazy component's failed
 * load for good, so once `retryFailedChunks` is called the next render loads again, from the
 * address the failure names with a query of its own (or the same import where it names none).
 * What shows meanwhile, and when to retry, is the error boundary's (components/error-boundary.tsx).
 */
export function lazyWithRetry<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props>;
export function lazyWithRetry<Module, Props extends object>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>): ComponentType<Props>;
export function lazyWithRetry<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props> = (module) => (module as { default: ComponentType<Props> }).default,
): ComponentType<Props> {
  const from = (loader: () => Promise<ComponentType<Props>>) =>
    lazy(() =>
      loader().then(
        (component) => ({ default: component }),
        (failure: unknown) => {
          failedLoads.add(() => {
            current = from(() => importFailedChunk(failure, pick) ?? load().then(pick));
          });
          throw failure;
        },
      ),
    );
  let current = from(() => load().then(pick));
  function LazyWithRetry(props: Props) {
    return createElement(current, props);
  }
  return LazyWithRetry;
}

import type { ScanAnalysis } from '@baitcheck/contracts';
import type { EngineInput, EngineReply, EngineRequest } from './engine-protocol';

/** Said when the engine could not be loaded or failed (the page was updated, the browser refused the worker). */
export const ENGINE_FAILED = 'The on-device engine could not check this. Reload the page and try again.';

/** How long one check may take before it is given up (the first one loads the engine). */
const CHECK_TIMEOUT_MS = 60_000;

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, { resolve: (a: ScanAnalysis) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();

function failAll(error: Error) {
  for (const [key, entry] of waiting) {
    clearTimeout(entry.timer);
    entry.reject(error);
    waiting.delete(key);
  }
}

function dropWorker() {
  worker?.terminate();
  worker = null;
}

function startWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'baitcheck-engine' });
  started.onmessage = (event: MessageEvent<EngineReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.seq);
    if (!entry) return;
    waiting.delete(reply.seq);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.analysis);
    else {
      console.error('On-device engine error', reply.error);
      entry.reject(new Error(ENGINE_FAILED));
    }
  };
  // the script failed to load or threw at start: the next check starts a new worker
  started.onerror = (event) => {
    console.error('On-device engine failed to start', event.message);
    event.preventDefault();
    dropWorker();
    failAll(new Error(ENGINE_FAILED));
  };
  worker = started;
  return started;
}

/** Starts loading the engine ahead of the first check (the scan screen opens with on-device scanning on). */
export function warmEngine(): void {
  try {
    startWorker();
  } catch (error) {
    console.error('On-device engine failed to start', error);
  }
}

/**
 * Checks a message or link with the engine on this device: nothing is sent anywhere. Rejects
 * with {@link ENGINE_FAILED} when the engine cannot run.
 */
export function analyzeOnDevice(input: EngineInput, blockedSenders: string[], now: Date = new Date()): Promise<ScanAnalysis> {
  return new Promise((resolve, reject) => {
    let target: Worker;
    try {
      target = startWorker();
    } catch (error) {
      console.error('On-device engine failed to start', error);
      reject(new Error(ENGINE_FAILED));
      return;
    }
    seq += 1;
    const request: EngineRequest = { seq, input, blockedSenders, now: now.toISOString() };
    const timer = setTimeout(() => {
      waiting.delete(request.seq);
      // a worker stuck this long is not answering anyone: start afresh next time
      dropWorker();
      failAll(new Error(ENGINE_FAILED));
      reject(new Error(ENGINE_FAILED));
    }, CHECK_TIMEOUT_MS);
    waiting.set(request.seq, { resolve, reject, timer });
    target.postMessage(request);
  });
}

/**
 * The detection engine, on the device (issue 20): `@baitcheck/detector`, the same code the
 * server runs, in a Web Worker so a scan never blocks the page. Loaded only when a scan is made
 * on the device (its model and lists are a few hundred kilobytes). No network: the engine reads
 * nothing but what it is given.
 */
import { analyze, type Channel } from '@baitcheck/detector';
import type { MessageSource } from '@baitcheck/contracts';
import { toScanAnalysis } from '@baitcheck/contracts/lite';
import type { EngineReply, EngineRequest } from './engine-protocol';

/** The engine's channel for a message's source, as the server reads it: a team-chat message reads like a social one. */
function engineChannel(source: MessageSource): Channel {
  return source === 'slack' ? 'social' : source;
}

/** Runs one request; never throws (a failure is a reply). */
export function handle(request: EngineRequest): EngineReply {
  try {
    const { input } = request;
    // as the server builds it: a message with its sender as given, a link without one
    const engineInput = input.kind === 'text' ? { kind: 'text' as const, content: input.content, sender: input.sender, source: engineChannel(input.source) } : { kind: 'url' as const, content: input.content, source: engineChannel(input.source) };
    const analysis = analyze(engineInput, { blockedSenders: input.sender ? request.blockedSenders : [], now: request.now });
    return { seq: request.seq, ok: true, analysis: toScanAnalysis(analysis, input.content) };
  } catch (error) {
    return { seq: request.seq, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

// in a worker only (the unit tests import `handle`)
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  scope.onmessage = (event: MessageEvent<EngineRequest>) => scope.postMessage(handle(event.data));
}

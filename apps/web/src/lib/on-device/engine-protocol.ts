import type { MessageSource, ScanAnalysis } from '@baitcheck/contracts';

/** What the page asks the on-device engine (a Web Worker) to check. */
export interface EngineInput {
  kind: 'text' | 'url';
  content: string;
  /** Empty for a link. */
  sender: string;
  source: MessageSource;
}

/** A request to the engine worker; `seq` pairs it with its reply. */
export interface EngineRequest {
  seq: number;
  input: EngineInput;
  /** The person's blocked senders (the server's list, as last fetched). */
  blockedSenders: string[];
  /** The time the scan is made at (the engine reads no clock). */
  now: string;
}

/** The engine worker's reply. */
export type EngineReply = { seq: number; ok: true; analysis: ScanAnalysis } | { seq: number; ok: false; error: string };

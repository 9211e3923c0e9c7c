/**
 * A scan's answer from the engine's verdict, zod-free (exported by `lite`): the server and the
 * on-device engine (a Web Worker) share it, so both answer alike.
 */
import type { ThreatDetails } from './entities';
import type { ScanAnalysis } from './requests';

/**
 * What the engine answers, as far as a scan's answer needs it (structurally the detector's
 * `Analysis`: the contract imports nothing but zod).
 */
export interface EngineVerdict {
  threatLevel: ScanAnalysis['threatLevel'];
  score: number;
  reasons: ScanAnalysis['reasonDetails'];
  highlights: ScanAnalysis['highlights'];
  recommendations: string[];
  checks?: string[];
  notes?: string[];
  threatData: ScanAnalysis['threatData'];
}

/**
 * The engine's verdict as a scan answers it, without outside sources (`enhanced` false): the one
 * mapping the server and the on-device engine (a Web Worker) share, so both answer alike.
 */
export function toScanAnalysis(verdict: EngineVerdict, content: string): ScanAnalysis {
  return {
    threatLevel: verdict.threatLevel,
    score: verdict.score,
    reasons: verdict.reasons.map((r) => r.label),
    reasonDetails: verdict.reasons,
    highlights: verdict.highlights,
    recommendations: verdict.recommendations,
    checks: verdict.checks ?? [],
    notes: verdict.notes ?? [],
    content,
    threatData: verdict.threatData,
    enhanced: false,
  };
}

/** What History keeps of a scan's answer (the server's and the device's history alike). */
export function toThreatDetails(analysis: ScanAnalysis): ThreatDetails {
  return {
    reasons: analysis.reasons,
    reasonDetails: analysis.reasonDetails,
    highlights: analysis.highlights,
    recommendations: analysis.recommendations,
    checks: analysis.checks,
    notes: analysis.notes,
    score: analysis.score,
    threatData: analysis.threatData,
  };
}

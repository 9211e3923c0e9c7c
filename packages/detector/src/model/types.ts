/** Shapes of the generated model module (`weights-generated.ts`, written by `npm run train`). */
import type { Severity } from '../types';
import type { StoredLinearModel } from './weights';

/** A logistic-regression combiner over model logits and rule indicators. */
export interface CombinerWeights {
  readonly intercept: number;
  /** Text scans: weight of the text-model logit. URL scans: weight of the host-model logit. */
  readonly model: number;
  /** Text scans: weight of the highest URL-model logit over the links (0 without links). URL scans: weight of the path-model logit (0 without a path). */
  readonly link: number;
  /** Weight per rule id (risk rules ≥ 0, trust rules ≤ 0), for rules seen at training. */
  readonly rules: Readonly<Record<string, number>>;
}

/** An affine map of the combiner's logit (`a * z + b`) before the sigmoid. */
export interface LogitMap {
  readonly a: number;
  readonly b: number;
}

/** Everything the engine loads of the trained models. */
export interface ModelData {
  readonly version: number;
  readonly text: StoredLinearModel;
  readonly host: StoredLinearModel;
  readonly path: StoredLinearModel;
  /** Combiners: `text` for SMS (and short texts of unknown channel), `email` for emails, `url` for URL scans. */
  readonly combiner: { readonly text: CombinerWeights; readonly email: CombinerWeights; readonly url: CombinerWeights };
  /**
   * Weight of a rule the combiner did not see at training (added later), by severity; trust
   * rules take the negative.
   */
  readonly fallback: Readonly<Record<Severity, number>>;
  /** Verdict thresholds on the score, the same for text and URL scans. */
  readonly thresholds: { readonly suspicious: number; readonly phishing: number };
  /**
   * Per channel, the map from the combiner's logit to the score's logit: the identity for SMS
   * (the thresholds are SMS's); for email and URLs it puts their thresholds chosen on dev on the
   * shared {@link ModelData.thresholds}.
   */
  readonly calibration: { readonly sms: LogitMap; readonly email: LogitMap; readonly url: LogitMap };
}

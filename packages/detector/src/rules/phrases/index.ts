/** The spec's six phrase groups (spec section 5), in the order the spec lists them. */
import type { MessageRule } from '../types';
import { linkInstructions } from './link-instructions';
import { rewardLanguage } from './reward-language';
import { securityThreatLanguage } from './security-threat-language';
import { suspiciousUrl } from './suspicious-url';
import { timePressure } from './time-pressure';
import { urgencyLanguage } from './urgency-language';

/** Phrase-group rules over the whole message. */
export const PHRASE_RULES: readonly MessageRule[] = [urgencyLanguage, rewardLanguage, securityThreatLanguage, linkInstructions, timePressure, suspiciousUrl];

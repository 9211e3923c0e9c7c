import { AFTER_A_SCAM } from './after-a-scam.ts';
import { PRODUCT } from './product.ts';
import { PROTECTION } from './protection.ts';
import { REPORTING } from './reporting.ts';
import { SCAM_TYPES } from './scam-types.ts';
import type { GuidanceArticle } from './types.ts';

export type { GuidanceArticle, GuidanceSource } from './types.ts';

/** Every article of the assistant's guidance, in a stable order; ids are unique (see guidance.test.ts). */
export const GUIDANCE: readonly GuidanceArticle[] = [...SCAM_TYPES, ...AFTER_A_SCAM, ...PROTECTION, ...REPORTING, ...PRODUCT];

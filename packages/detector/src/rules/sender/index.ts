/** Rules about who sent the message. */
import type { MessageRule } from '../types';
import { blockedSender } from './blocked-sender';
import { brandSenderMismatch } from './brand-sender-mismatch';
import { brandTextFromPersonalSender } from './brand-text-from-personal-sender';
import { emailAuthFailed } from './email-auth-failed';
import { freeMailBrand } from './free-mail-brand';
import { internationalPhoneSender } from './international-phone-sender';
import { lookalikeSenderDomain } from './lookalike-sender-domain';
import { officialSenderDomain } from './official-sender-domain';
import { replyToMismatch } from './reply-to-mismatch';
import { returnPathMismatch } from './return-path-mismatch';
import { shortCodeSender } from './short-code-sender';

/** Sender rules over the whole message: risk rules first, then the trust rules (`polarity: 'trust'`). */
export const SENDER_RULES: readonly MessageRule[] = [
  blockedSender,
  brandSenderMismatch,
  freeMailBrand,
  lookalikeSenderDomain,
  brandTextFromPersonalSender,
  internationalPhoneSender,
  shortCodeSender,
  emailAuthFailed,
  replyToMismatch,
  returnPathMismatch,
  officialSenderDomain,
];

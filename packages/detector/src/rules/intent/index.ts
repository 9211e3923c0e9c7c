/**
 * Scam-intent rules: what the message asks the person to do (pay with gift cards, send a code,
 * move to WhatsApp, call a number...), not only which words it uses. Each rule combines a topic and
 * an ask within a window (`lib/intent-rule.ts`). The trust rules at the end recognise genuine
 * notices (a one-time code that asks for nothing); they lower the score and are never shown.
 */
import type { MessageRule } from '../types';
import { accountLocked } from './account-locked';
import { advanceFee } from './advance-fee';
import { callbackPhoneNumber } from './callback-phone-number';
import { credentialRequest } from './credential-request';
import { cryptoPayment } from './crypto-payment';
import { documentLure } from './document-lure';
import { fakeCharity } from './fake-charity';
import { familyEmergency } from './family-emergency';
import { foreignAccountLocked } from './foreign-account-locked';
import { foreignCredentialRequest } from './foreign-credential-request';
import { fraudAlertCallback } from './fraud-alert-callback';
import { fraudAlertLink } from './fraud-alert-link';
import { giftCardPayment } from './gift-card-payment';
import { governmentBenefit } from './government-benefit';
import { investmentPromise } from './investment-promise';
import { jobTaskOffer } from './job-task-offer';
import { lureOnHosting } from './lure-on-hosting';
import { mailboxLure } from './mailbox-lure';
import { moveToOtherApp } from './move-to-other-app';
import { neverAskNotice } from './never-ask-notice';
import { officialChannelAdvice } from './official-channel-advice';
import { otpCodeRequest } from './otp-code-request';
import { otpNotice } from './otp-notice';
import { overpaymentReturn } from './overpayment-return';
import { parcelRedeliveryFee } from './parcel-redelivery-fee';
import { personalInfoRequest } from './personal-info-request';
import { prizeClaim } from './prize-claim';
import { refundClaim } from './refund-claim';
import { remoteAccessRequest } from './remote-access-request';
import { romanceOpener } from './romance-opener';
import { secrecyRequest } from './secrecy-request';
import { sextortion } from './sextortion';
import { subscriptionRenewalInvoice } from './subscription-renewal-invoice';
import { taxRefund } from './tax-refund';
import { techSupportScare } from './tech-support-scare';
import { transactionNotice } from './transaction-notice';
import { threatOfConsequence } from './threat-of-consequence';
import { trafficFine } from './traffic-fine';
import { unpaidToll } from './unpaid-toll';
import { utilityDisconnection } from './utility-disconnection';
import { wireOrP2pPayment } from './wire-or-p2p-payment';
import { wrongNumberOpener } from './wrong-number-opener';

/** Scam-intent rules over the whole message, then the trust rules. */
export const INTENT_RULES: readonly MessageRule[] = [
  accountLocked,
  advanceFee,
  callbackPhoneNumber,
  credentialRequest,
  cryptoPayment,
  documentLure,
  lureOnHosting,
  fakeCharity,
  familyEmergency,
  foreignAccountLocked,
  foreignCredentialRequest,
  fraudAlertCallback,
  fraudAlertLink,
  giftCardPayment,
  governmentBenefit,
  investmentPromise,
  jobTaskOffer,
  mailboxLure,
  moveToOtherApp,
  otpCodeRequest,
  overpaymentReturn,
  parcelRedeliveryFee,
  personalInfoRequest,
  prizeClaim,
  refundClaim,
  remoteAccessRequest,
  romanceOpener,
  secrecyRequest,
  sextortion,
  subscriptionRenewalInvoice,
  taxRefund,
  techSupportScare,
  threatOfConsequence,
  trafficFine,
  unpaidToll,
  utilityDisconnection,
  wireOrP2pPayment,
  wrongNumberOpener,
  // trust: evidence that the message is a genuine notice
  otpNotice,
  neverAskNotice,
  officialChannelAdvice,
  transactionNotice,
];

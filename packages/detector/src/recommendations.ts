/** What to tell the person to do, from the verdict and what was found. */
import type { Reason, ThreatLevel } from './types';

/** The recommendation sentences, so the UI and tests can refer to them. */
export const RECOMMENDATIONS = {
  dontClick: 'Do not click the link or open it in your browser.',
  alreadyClicked:
    'If you already opened it, do not enter any passwords, codes or card details; if you did, change your password and call your bank.',
  contactOfficial: 'Contact the company through its official website or app, never through links or numbers in this message.',
  neverShareCodes: 'Never share passwords, one-time codes or card details with anyone who contacts you.',
  prizes: 'Real prizes never ask you to pay a fee or share details to claim them.',
  blockReport: 'Block the sender, report the message as junk, then delete it.',
  blockedSender: 'You blocked this sender before: it is safe to delete the message without replying.',
  verifySender: 'Check the message with the sender through a phone number, website or app you already know.',
  checkLinkFirst: 'Do not open the link until you have checked it is genuine.',
  dontReply: 'Do not reply or call any number given in the message.',
  safeButCareful: 'No clear sign of a scam, but the link deserves care: open it only if you were expecting it.',
  safeLinks: 'No warning signs found in the links we checked. Still, only sign in through websites and apps you already use.',
  safe: 'No clear warning signs. If a message asks for money, codes or passwords, check with the sender another way.',
} as const;

/** Sentence pointing to a brand's own website or app instead of the message. */
export function contactBrand(brand: string): string {
  return `If you think ${brand} really needs you, go to ${brand}'s official website or app yourself instead of using this message.`;
}

/** Recommendations fitting the verdict and the reasons; at most one gentle line for a safe result. */
export function recommend(level: ThreatLevel, reasons: readonly Reason[], linkCount: number): string[] {
  const ids = new Set(reasons.map((r) => r.id));
  if (level === 'safe') {
    if (linkCount > 0 && reasons.some((r) => r.severity !== 'low')) return [RECOMMENDATIONS.safeButCareful];
    if (linkCount > 0) return [RECOMMENDATIONS.safeLinks];
    return reasons.length > 0 ? [RECOMMENDATIONS.safe] : [];
  }
  const out: string[] = [];
  const brand = reasons.find((r) => r.id === 'brand-outside-domain' || r.id === 'brand-in-path')?.evidence.find((e) => e.start === e.end)?.text;
  if (level === 'phishing') {
    if (linkCount > 0) out.push(RECOMMENDATIONS.dontClick, RECOMMENDATIONS.alreadyClicked);
    else out.push(RECOMMENDATIONS.dontReply);
  } else {
    out.push(RECOMMENDATIONS.verifySender);
    if (linkCount > 0) out.push(RECOMMENDATIONS.checkLinkFirst);
  }
  out.push(brand !== undefined ? contactBrand(brand) : RECOMMENDATIONS.contactOfficial);
  if (ids.has('security-threat-language') || ids.has('login-path') || ids.has('link-instructions')) out.push(RECOMMENDATIONS.neverShareCodes);
  if (ids.has('reward-language')) out.push(RECOMMENDATIONS.prizes);
  out.push(ids.has('blocked-sender') ? RECOMMENDATIONS.blockedSender : RECOMMENDATIONS.blockReport);
  return out;
}

/**
 * Public types of the detection engine. They mirror the shapes in `@baitcheck/contracts`
 * structurally (the engine imports nothing of ours, DESIGN.md section 2).
 */

/** A verdict. */
export type ThreatLevel = 'safe' | 'suspicious' | 'phishing';

/** Where the content came from. */
export type Channel = 'sms' | 'email' | 'social' | 'manual';

/** How strong a reason is. */
export type Severity = 'low' | 'medium' | 'high';

/** A half-open range `[start, end)` of the analysed content and the text it covers. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** A span to highlight, tied to the reason that flagged it. */
export interface Highlight extends Span {
  reasonId: string;
}

/**
 * One reason for a verdict. `evidence` holds spans of the content; evidence that is not in the
 * content (a domain, a brand, a sender) has `start === end === 0` and the fact in `text`.
 */
export interface Reason {
  /** Stable id, equal to the rule's file name. */
  id: string;
  /** The sentence shown to a person; the spec's label where the spec names one. */
  label: string;
  severity: Severity;
  evidence: Span[];
}

/** A link found in the content. */
export interface LinkFinding extends Span {
  /** The link as a URL (a scheme added to `www.` and bare domains). */
  url: string;
  /** Lower-cased host name, or null when the link does not parse. */
  host: string | null;
  /** Registrable domain (public-suffix list), or null for IP hosts and unknown suffixes. */
  registrableDomain: string | null;
}

/** Domain facts (spec threatData.domainInfo). `lastChecked` is an ISO time set by the caller. */
export interface DomainInfo {
  reputationScore: number;
  domain: string;
  categories: string[];
  malicious: boolean;
  suspicious: boolean;
  sources: string[];
  lastChecked: string;
}

/** Sender facts (spec threatData.senderInfo). */
export interface SenderInfo {
  hasDmarc: boolean;
  hasSpf: boolean;
  hasDkim: boolean;
  securityLevel: string;
  reputationScore: number;
  creationDate: string | null;
}

/** Threat intelligence for a result. */
export interface ThreatData {
  domainInfo?: DomainInfo;
  senderInfo?: SenderInfo;
}

/** What to analyse. */
export interface AnalyzeInput {
  kind: 'text' | 'url';
  content: string;
  sender?: string;
  source?: Channel;
}

/** Facts from the outside world that the server looked up and passes in as data. */
export interface IntelFacts {
  /** Hosts or registrable domains known to be phishing (threat feeds); a listed name covers its subdomains. */
  knownPhishingHosts?: readonly string[];
  /**
   * Full URLs known to be phishing (threat feeds), matched exactly (scheme and host case, a
   * trailing `/` and `#fragment` aside): what a feed lists on a shortener or a shared host, where
   * the host is everyone's (`https://bit.ly/3xYz`, `https://docs.google.com/forms/d/e/.../viewform`).
   */
  knownPhishingUrls?: readonly string[];
  /** When registrable domains were registered (RDAP), ISO 8601 by lower-case domain; needs `now`. */
  domainCreated?: Readonly<Record<string, string>>;
  /** Sender domain authentication, when known. */
  senderInfo?: SenderInfo;
  /**
   * How the email a person pasted as its whole source (headers and body) was authenticated, as
   * the server read it (rules `email-auth-failed`, `reply-to-mismatch`, `return-path-mismatch`).
   */
  emailAuth?: EmailAuthFacts;
}

/**
 * An email's sender and its authentication, read by the server from the whole email source. The
 * results are RFC 8601 words in lower case: `pass`, `fail`, `softfail`, `neutral`, `none`,
 * `temperror`, `permerror`, `policy`; absent when unknown.
 */
export interface EmailAuthFacts {
  /** The address of the From header. */
  fromAddress: string;
  /** The domain of {@link EmailAuthFacts.fromAddress}, lower-case. */
  fromDomain: string;
  /** The addresses of the Reply-To header (none when there is no Reply-To). */
  replyTo: readonly string[];
  /** The Return-Path (envelope sender, where bounces go), or null when there is none or it is `<>`. */
  returnPath: string | null;
  /** The DKIM result: of the signature that best vouches for the message (an aligned pass first). */
  dkim?: string;
  /** The signing domain (`d=`) of the signature {@link EmailAuthFacts.dkim} is about, when known. */
  dkimDomain?: string;
  /** The SPF result for the sending server's address and the Return-Path domain. */
  spf?: string;
  /** The DMARC result for the From domain. */
  dmarc?: string;
  /** The DMARC policy the From domain publishes: `none`, `quarantine` or `reject`. */
  dmarcPolicy?: string;
  /**
   * `verified`: checked by the server itself (DKIM signatures and DNS records). `header`: read
   * from the Authentication-Results header that the recipient's mail provider added.
   */
  source: 'verified' | 'header';
}

/** Options of {@link analyze}. */
export interface AnalyzeOptions {
  /** Senders the user blocked; matched case-insensitively after trimming. */
  blockedSenders?: readonly string[];
  /** Outside facts for an enhanced scan. */
  intel?: IntelFacts;
  /** The time to stamp on `threatData.domainInfo.lastChecked` (ISO 8601); the engine reads no clock. */
  now?: string;
}

/** The engine's result. */
export interface Analysis {
  threatLevel: ThreatLevel;
  /** Calibrated probability of a scam or phishing, in [0, 1]. */
  score: number;
  /** Reasons, most severe first. Empty only for a safe verdict. */
  reasons: Reason[];
  /** Spans to highlight, sorted by start, non-overlapping. */
  highlights: Highlight[];
  /** What the person should do, fitting the verdict and the kind of scam. */
  recommendations: string[];
  /** Links found (for a URL scan: the URL itself). */
  links: LinkFinding[];
  /** Domain and sender facts where known, else null. */
  threatData: ThreatData | null;
  /**
   * What was checked and found reassuring, in sentences for a person (e.g. "The link goes to
   * usps.com, the official website of USPS."). Mostly for safe results with a link.
   */
  checks?: string[];
  /** Caveats about the analysis itself (e.g. the message is not in English). */
  notes?: string[];
}

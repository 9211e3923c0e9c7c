import { findLinks, type ThreatLevel } from '@baitcheck/detector';
import type { ContentArticle } from '../../content/load-content.ts';

/**
 * The check a language model's answer passes before anyone reads it. The model reads text a
 * scammer wrote (the pasted message), so it can be talked into saying what the scammer wants:
 * that the message is genuine, to call a number, to read out a code. Its answer is refused when it
 * contradicts the engine's verdict, asks for a secret or a payment, tells the person to act on the
 * message, or names a phone number, link or email address that the guidance and the engine's
 * advice it was given do not contain; the service then gives the built-in answer. The rules lean towards refusing: a refused
 * good answer costs only the model's wording, a passed hostile one can cost someone their savings.
 */

/** Why an answer was refused. `detail` names the kind of thing found and never quotes the answer (it may echo the person's message). */
export interface AnswerProblem {
  rule: 'too-long' | 'contradicts-verdict' | 'asks-for-secret' | 'unsafe-action' | 'unknown-contact';
  detail: string;
}

/** What the answer is checked against. */
export interface AnswerContext {
  /** The engine's verdict on the pasted message or link, or null when nothing was scanned. */
  verdict: ThreatLevel | null;
  /** The guidance the model was given: its phone numbers, links and addresses are the only ones allowed. */
  guidance: readonly ContentArticle[];
  /** The engine's advice on the scanned message, also given to the model (the engine's own sentences, never the message's). */
  advice?: readonly string[];
  /** The person's question, for a bare "Yes." to "is this legit?". */
  question?: string;
}

/** The prompt asks for under 200 words; an answer many times that long is not following it. */
export const MAX_MODEL_ANSWER_CHARS = 6000;

// ---------------------------------------------------------------------------------------------
// Text preparation

/**
 * One spelling for what looks the same: compatibility forms (full-width digits, styled letters),
 * no invisible characters (a zero-width space inside a number or a word would hide it from the
 * rules), plain dashes and quotes.
 */
/** Letters standing for digits in a phone-like run ('1-8OO-555-O199'): O for 0, I and l for 1. */
function digitLetters(text: string): string {
  return text.replace(/[\dOoIl][\dOoIl\s().-]{5,}[\dOoIl]/g, (run) => ((run.match(/\d/g)?.length ?? 0) >= 4 ? run.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : run));
}

function normalizeText(text: string): string {
  return digitLetters(foldDigitsAndLookalikes(text.normalize('NFKC')))
    .replace(/[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63]/g, '-')
    .replace(/[\u2018\u2019\u201a\u201b\u02bc\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"');
}

/** Latin letters' look-alikes in Cyrillic and Greek ('ѕаfе'), as the rules read them. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', υ: 'u', ι: 'i', κ: 'k', Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

/**
 * Digits of any script as ASCII digits (Arabic-Indic ٨٠٠, Devanagari ८००: Unicode puts each
 * script's 0 to 9 in a run of ten), and look-alike letters as the Latin ones.
 */
function foldDigitsAndLookalikes(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      out += ch;
    } else if (/\p{Nd}/u.test(ch)) {
      let start = ch.codePointAt(0) as number;
      while (start > 0 && (ch.codePointAt(0) as number) - start < 9 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
      out += String(((ch.codePointAt(0) as number) - start) % 10);
    } else {
      out += LOOKALIKES[ch] ?? ch;
    }
  }
  return out;
}

/** Undoes the usual ways of writing a link so that it is not one: `evil[.]top`, `evil (dot) top`, `hxxps://`. */
function refangLinks(text: string): string {
  return text
    .replace(/\bhxxp/gi, 'http')
    .replace(/[\u3002\uff0e\uff61]/g, '.')
    .replace(/\s*<\s*dot\s*>\s*/gi, '.')
    .replace(/(?<=[\p{L}\p{N}])\s+\.\s+(?=[\p{L}\p{N}]{2,})/gu, '.')
    .replace(/\s*(?:\[\s*(?:\.|dot)\s*\]|\(\s*(?:\.|dot)\s*\)|\{\s*(?:\.|dot)\s*\})\s*/gi, '.')
    .replace(/(?<=[\p{L}\p{N}])\s+dot\s+(?=[\p{L}\p{N}])/giu, '.')
    .replace(/\[:\]/g, ':')
    .replace(/\[\/\]/g, '/');
}

/** Sentences, without list bullets or numbering; a line break ends one too (answers are lists). */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.replace(/^\s*(?:[-•*+>]|\d{1,2}[.)])\s+/, '').trim())
    .filter((s) => s.length > 0);
}

/** Clauses of a sentence: split at commas, colons, dashes, brackets and before "but", "however"... */
function clausesOf(sentence: string): string[] {
  return sentence
    .split(/\s*(?:[,;:()[\]]|\s[-–—]+\s)\s*|\s+(?=(?:but|however|although|though|whereas|while|yet|instead)\b)/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** A sentence as compared with the guidance: lower case, words only. */
const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

// ---------------------------------------------------------------------------------------------
// Shared vocabulary

const NEGATION = /\b(?:not|never|no|none|nothing|neither|nor|hardly|without|cannot|avoid|refuse|stop|instead of|rather than|anything but|far from|no one|nobody)\b|n't\b/i;
/** Words that make what follows a condition, a hedge or someone else's claim, not the answer's own statement. */
const HEDGE =
  /\b(?:if|whether|unless|even|although|though|while|until|before|once|in case|suppose|supposing|may|might|could|would|make sure|find out|not sure|unsure|assum\w*|pretend\w*|claim\w*|insist\w*|designed|meant|trick\w*|fool\w*|convinc\w*|persuad\w*|scammers?|fraudsters?|criminals?|crooks?|impostors?|make|makes|made|making|look as if|want you to (?:think|believe))\b|\bto (?:check|verify|confirm|make sure|find out|see|tell)\b|\b(?:check|verify|confirm|ask|know)\s+(?:if|whether|that)\b|(?<!\bi\s)(?<!\bi'd\s)\b(?:says?|said|saying|tells? you|told you)\b/i;
/** Someone else's request, described: "the message asks you to pay", "you are told to buy gift cards". */
const DESCRIBED =
  /(?<!\b(?:i|we|baitcheck|bank)\s+(?:\w+\s+)?)\b(?:asks?|asked|asking|tells?|told|wants?|wanted|urges?|urged|pressures?|pressured|push(?:es)?|pushed|instructs?|instructed|tricks?|tricked|gets?|got|convinces?|persuades?|needs?|demands?|demanded|expects?|requests?|requested|directs?)\s+(?:you|people|victims|them|him|her|someone|anyone|the victim)\s+(?:to|into)\b|\b(?:are|were|is|was|be|being|get|gets|got)\s+(?:told|asked|pressured|instructed|urged|tricked|pushed|directed)\s+(?:to|that|you)\b|\bto get you to\b|\b(?:a|an|the|this|that)\s+(?:text|email|e-mail|message|call|letter|sms|voicemail|page|site|website)(?:\s+or\s+(?:an?\s+)?\w+)?\s+(?:about|that|which|saying|claiming|asking|telling|where)\b|\b(?:requests?|demands?|instructions?|pressure)\s+(?:to|for)\b|\b(?:scammers?|fraudsters?|criminals?|crooks?|impostors?)\b/i;
/** Before an action, the channel the guidance recommends: your bank's number, the official app, one you know. */
const TRUSTED_CHANNEL =
  /\b(?:your bank|back of (?:your|the) cards?|your card|your statement|official|yourself|you (?:already )?(?:know|trust|have|saved|looked up|found)|you look up|you find|7726|report\w*|junk|spam|block\w*|unsubscribe|bookmark\w*)\b/i;

const MESSAGE_NOUN = String.raw`(?:message|messages|text|texts|sms|email|e-mail|mail|link|url|site|website|page|call|caller|sender|number|request|notice|notification|alert|letter|invoice|bill|voicemail|offer|delivery|parcel|package|one)`;

// ---------------------------------------------------------------------------------------------
// Contradicting the verdict

const SUBJECT = String.raw`(?:this|that|it|(?:the|this|that|your)\s+(?:[\w-]+\s+){0,2}?${MESSAGE_NOUN})`;
const COPULA = String.raw`(?:'s|'re|\s+(?:is|are|was|were|looks?|seems?|appears?|sounds?|remains?|(?:will|should|must|would|may|might|could|can)\s+be))`;
const SAFE_WORD = String.raw`(?:safe|genuine|legit|legitimate|real|authentic|trustworthy|harmless|benign|official|above board|on the level|not (?:a\s+|an\s+)?(?:scam|phishing|fraud|fraudulent|fake|dangerous|malicious|suspicious|threat|con|spam))`;
/** After the word: the end of the clause, "and", or a message noun ("a genuine USPS notice"), never "to" ("safe to delete"). */
const SAFE_END = String.raw`(?=\s*$|\s*[.!?"'\]]|\s+(?:and|or|&|from|by|sent)\b|\s+(?:[\w.-]+\s+){0,2}?${MESSAGE_NOUN}\b)`;
/** "This message is genuine", "it's completely safe", "it is not a scam". */
const SAFE_CLAIM = new RegExp(String.raw`\b${SUBJECT}${COPULA}\b((?:\s+[\w'%-]+){0,4}?)\s+${SAFE_WORD}\b${SAFE_END}`, 'gi');
/** "It isn't a scam", "this doesn't look like phishing". */
const NOT_SCAM_CLAIM = new RegExp(
  String.raw`\b${SUBJECT}(?:\s+(?:is|was|are)\s+not|\s+(?:isn't|aren't|wasn't)|'s\s+not|\s+(?:does|do)(?:n't|\s+not)\s+(?:look|seem|appear)\s+(?:like|to\s+be))((?:\s+[\w'%-]+){0,3}?)\s+(?:a\s+|an\s+)?(?:scam|phishing|fraud|fraudulent|fake|dangerous|malicious|suspicious|threat|con|spam|attempt)\b`,
  'gi',
);
/** Statements that need no subject: "nothing to worry about", "the warning is wrong", "safe to click". */
const REASSURANCES: readonly { re: RegExp; what: string; conditionalOk?: boolean; trustedOk?: boolean }[] = [
  { re: /\b(?:nothing to worry about|no need to (?:worry|panic|be (?:worried|concerned|alarmed|afraid))|no (?:cause|reason) (?:for|to) (?:concern|alarm|worry)|nothing (?:suspicious|fishy|malicious|dangerous|wrong) (?:about|in|with) (?:it|this|that|the (?:message|text|email|link)))\b/i, what: 'says there is nothing to worry about', conditionalOk: true },
  { re: /\bfalse (?:alarm|positive)\b/i, what: 'calls the verdict a false alarm' },
  {
    re: /\b(?:the|this|that|our|my|baitcheck's|its)\s+(?:scan|verdict|check|warning|result|rating|score|analysis|assessment|detector|flag)\s+(?:is|was|looks|seems)\s+(?:\w+\s+){0,2}?(?:wrong|mistaken|incorrect|inaccurate|an? (?:error|mistake)|overly cautious|too (?:cautious|strict|sensitive))\b/i,
    what: 'says the verdict is wrong',
  },
  { re: /\b(?:ignore|disregard|dismiss)\s+(?:the|this|that|our|my|baitcheck's|its)\s+(?:scan|verdict|warning|result|rating|score|alert|flag)\b/i, what: 'says to ignore the verdict' },
  { re: /\b(?:safe|fine|ok|okay)\s+to\s+(?:click|tap|open|follow|call|ring|reply|respond|pay|trust|use|visit|log|sign|download|install|answer|proceed|share|enter|give|send)\b/i, what: 'says it is safe to act on it', trustedOk: true },
  { re: /\b(?:you can|you may|feel free to|go ahead and|you're safe to)\s+(?:safely\s+|now\s+|just\s+)?(?:trust|click|tap|open|follow|pay)\b/i, what: 'says the person can act on it', trustedOk: true },
];
const SAFETY_QUESTION = /\b(?:safe|legit|legitimate|real|genuine|ok|okay|trust(?:worthy)?|authentic|official)\b/i;
const SCAM_QUESTION = /\b(?:scam|phishing|fake|fraud\w*|spam|dodgy|suspicious)\b/i;
const SCAM_WORD = /\b(?:scam|phishing|fake|fraud\w*|suspicious|dangerous|malicious|impostor|spoof\w*)\b/i;

/** "It looks real, but it is a scam": the claim is conceded, then denied. */
function deniedNext(next: string | undefined): boolean {
  return next !== undefined && /^(?:but|however|yet|though|although|actually|in fact|instead)\b/i.test(next) && (NEGATION.test(next) || SCAM_WORD.test(next));
}

function contradiction(clauses: readonly string[], sentences: readonly string[], question: string | undefined): string | null {
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i] as string;
    for (const re of [SAFE_CLAIM, NOT_SCAM_CLAIM]) {
      re.lastIndex = 0;
      for (let m = re.exec(clause); m !== null; m = re.exec(clause)) {
        const between = m[1] ?? '';
        const before = clause.slice(0, m.index);
        // "it is not safe", "it might look genuine", "scammers make it look real", "even if it is real"
        if (re === SAFE_CLAIM && NEGATION.test(between)) continue;
        if (re === NOT_SCAM_CLAIM && (NEGATION.test(between) || /\b(?:just|only|merely|simply)\b/i.test(between))) continue;
        if (/\b(?:may|might|could|would|can)\s+be\b/i.test(m[0]) || /\b(?:may|might|could|would|can)\b/i.test(between)) continue;
        if (NEGATION.test(before) || HEDGE.test(before) || HEDGE.test(between)) continue;
        if (deniedNext(clauses[i + 1])) continue;
        return re === SAFE_CLAIM ? 'calls the message safe or genuine' : 'says the message is not a scam';
      }
    }
    for (const r of REASSURANCES) {
      const m = r.re.exec(clause);
      if (!m) continue;
      const before = clause.slice(0, m.index);
      const after = clause.slice(m.index + m[0].length);
      if (NEGATION.test(before) || HEDGE.test(before)) continue;
      if (r.conditionalOk && /\b(?:if|as long as|unless|provided|since you|because you|once you)\b/i.test(after)) continue;
      if (r.trustedOk && TRUSTED_CHANNEL.test(clause)) continue;
      if (deniedNext(clauses[i + 1])) continue;
      return r.what;
    }
  }
  // "Is it legit? Yes." and, to "is this legit?", an answer that opens with a bare "Yes"
  for (let i = 0; i + 1 < sentences.length; i++) {
    const q = sentences[i] as string;
    if (!q.endsWith('?')) continue;
    if (yesNoContradicts(q, sentences[i + 1] as string)) return 'answers yes to "is it safe?" or no to "is it a scam?"';
  }
  if (question && sentences[0] && yesNoContradicts(question, sentences[0])) return 'answers the question "is it safe?" with yes';
  return null;
}

function yesNoContradicts(question: string, reply: string): boolean {
  const asksSafe = SAFETY_QUESTION.test(question);
  const asksScam = SCAM_QUESTION.test(question);
  if (asksSafe === asksScam) return false;
  // "Yes, this is a scam" to "is this real?" is a clumsy warning, not a contradiction
  if (SCAM_WORD.test(reply)) return false;
  if (asksSafe) return /^(?:yes|yep|yeah|absolutely|definitely|certainly|of course|sure)\b/i.test(reply);
  return /^(?:no|nope|not at all|not really)\b(?!\s+(?:doubt|question))/i.test(reply);
}

// ---------------------------------------------------------------------------------------------
// Asking for secrets and payment, and acting on the message

const HAND_OVER = String.raw`(?:shar(?:e|ing)|giv(?:e|ing)|send(?:ing)?|tell(?:ing)?|read(?:ing)?|say(?:ing)?|provid(?:e|ing)|enter(?:ing)?|typ(?:e|ing)|input(?:ting)?|submit(?:ting)?|forward(?:ing)?|text(?:ing)?|email(?:ing)?|hand(?:ing)? over|disclos(?:e|ing)|reveal(?:ing)?|dictat(?:e|ing)|spell(?:ing)? out|repeat(?:ing)?|confirm(?:ing)?|verify(?:ing)?|pay(?:ing)?|transfer(?:ring)?|wir(?:e|ing)|buy(?:ing)?|purchas(?:e|ing)|deposit(?:ing)?|mov(?:e|ing)|withdraw(?:ing)?|load(?:ing)?|top(?:ping)? up|reply(?:ing)? with|respond(?:ing)? with|past(?:e|ing)|upload(?:ing)?)`;
const CREDENTIAL = String.raw`(?:(?:one-time|one time|verification|security|sms|login|log-in|sign-in|2fa|two-factor|mfa|access|authentication|authori[sz]ation|activation|confirmation|otp|\d-digit|six-digit|four-digit)\s+)?(?:codes?|otp|passcodes?|passwords?|passphrases?|pins?|pin numbers?)|cvv|cvc|(?:login|log-in|sign-in)\s+(?:details|information|info|credentials)|credentials|seed phrase|recovery phrase|private keys?|digits`;
const MONEY_OR_DETAILS = String.raw`(?:card|credit card|debit card|bank card|account|bank|banking|payment|personal|security|financial)\s+(?:numbers?|details|information|info)|card numbers?|expiry date|sort codes?|routing numbers?|account numbers?|social security(?:\s+number)?|ssn|national insurance number|gift ?cards?|(?:apple|itunes|google play|steam|amazon|target|ebay|vanilla)\s+cards?|crypto(?:currency)?|bitcoins?|btc|usdt|ethereum|tether|payments?|fees?|money|savings|cash|funds|deposits?|[$£€₹]\s?\d`;
const HAND_OVER_RE = new RegExp(String.raw`\b${HAND_OVER}\b((?:\s+\S+){0,4}?)\s+(?:(${CREDENTIAL})|(${MONEY_OR_DETAILS}))\b`, 'gi');
/** The answer itself asking: "what is your code?", "I need your card number". */
const ASKS_RE = new RegExp(
  String.raw`\b(?:what(?:'s| is| are| was)|i need|i'll need|we need|i will need)\s+(?:\S+\s+){0,2}?(?:your\s+(?:\S+\s+)?(?:${CREDENTIAL}|${MONEY_OR_DETAILS})|the\s+(?:\S+\s+)?(?:${CREDENTIAL}))\b`,
  'i',
);
/** After the noun, a verb: it is the subject of what follows ("tell them your card details were stolen"), not handed over. */
const NOUN_IS_SUBJECT = /^\s+(?:(?:that |which )?you (?:lost|sent|paid|gave|shared|entered|typed|spent|transferred|used)|which|was|were|is|are|has|have|had|went|may|might|could|would|will)\b/i;
/** Whoever calls or writes is who a scam puts on the line, whatever they say they are. */
const UNTRUSTED_RECIPIENT = /\b(?:who|that)\s+(?:calls?|called|contacts?|contacted|texts?|texted|emails?|emailed|rings?|rang|messages?|messaged)\s+you\b|\b(?:caller|representative|agent|courier|officer|investigator)\b/i;
/** Who may be told money or card details (never a code or password): the bank, the card or gift card company, the police. */
const TRUSTED_RECIPIENT = /\b(?:your bank|the bank|(?:card|gift card|credit card) (?:company|issuer)|the (?:store|shop|retailer) where|police|gardaí|garda|report fraud|action fraud|ftc|fbi|ic3|fraud (?:team|department))\b/i;
/** "Never share, send or read out a code": a negated action before a list of more. */
const LIST_NEGATION = new RegExp(
  String.raw`\b(?:never|don't|do not|not|no one|nobody|no\s+(?:real|genuine|legitimate|honest|official)\b(?:\s+\w+){0,3}(?:\s+(?:will|would|should|ever))?)\s+(?:ever\s+|\w+\s+)?(?:${HAND_OVER}|click|tap|open|call|ring|reply|respond|follow|visit|download|install|answer|log in|sign in|use|trust|ask)\b|\bnever\b`,
  'i',
);
/** Acting on what the message gave: its link, its number, its sender. */
const ACT_ON_MESSAGE: readonly { re: RegExp; what: string; anywhere?: true }[] = [
  { re: /\b(?:click|tap|press|open|follow|visit|scan)\s+(?:on\s+)?(?:the|that|this|their|its)\s+(?:[\w'"-]+\s+){0,2}?(?:link|url|qr code|attachment)\b/i, what: 'tells the person to open the link' },
  { re: /\b(?:click|tap|press|open|visit|download)\s+(?:on\s+)?(?:the|that|this|their|its)\s+(?:[\w'"-]+\s+){0,2}?(?:button|website|site|page|file|app)\s+(?:in|from|of)\s+(?:the|that|this)\s+(?:message|text|email|sms|letter)\b/i, what: 'tells the person to open the link' },
  { re: /\b(?:call|ring|phone|dial|text|whatsapp|contact|reply to|respond to|message)\s+(?:back\s+)?(?:the|that|this|their|its)\s+(?:[\w'"-]+\s+){0,2}?(?:number|sender|caller|agent|person|phone number)\b/i, what: 'tells the person to contact the sender' },
  { re: /\b(?:call|ring|phone|text)\s+(?:them|him|her)\s+(?:back|now|immediately|right away|straight away)\b/i, what: 'tells the person to contact the sender' },
  { re: /\b(?:reply|respond|answer)\s+(?:with\s+)?(?:yes|y|stop|ok|confirm|1)\b/i, what: 'tells the person to reply to the message' },
  { re: /\b(?:reply|respond)\s+to\s+(?:it|the (?:message|text|email|sms))\b/i, what: 'tells the person to reply to the message' },
  { re: /\bpay\s+(?:it|this|that|now|today|them|him|her|up|(?:the|this|that|your)\s+(?:bill|invoice|charge|amount|balance|toll|fine|duty|customs|penalty))\b/i, what: 'tells the person to pay' },
  { re: /\bsafe account\b|\b(?:new|secure|protected|holding)\s+account\b/i, what: 'mentions moving money to a "safe account"', anywhere: true },
  { re: /\b(?:install|download)\s+(?:\S+\s+){0,2}?(?:anydesk|teamviewer|quicksupport|remote access|screen ?sharing|the app they|their app)\b/i, what: 'tells the person to give remote access' },
];

interface ActionFinding {
  rule: 'asks-for-secret' | 'unsafe-action';
  detail: string;
}

/** A negation that governs the clause: in it before `index`, or a negated action earlier in the sentence ("never click, reply or share the code"). */
function negated(clauses: readonly string[], i: number, index: number): boolean {
  const clause = clauses[i] as string;
  const before = clause.slice(0, index);
  if (NEGATION.test(before)) return true;
  for (let j = i - 1; j >= 0; j--) {
    const earlier = clauses[j] as string;
    if (/^(?:but|however|then|so|instead|now|also)\b/i.test(clauses[j + 1] as string)) return false;
    if (LIST_NEGATION.test(earlier)) return true;
  }
  return false;
}

/** Someone else's request, described in this clause or an earlier one: "it asks you to sign in, confirm card details, or give a code". */
function described(clauses: readonly string[], i: number, before: string): boolean {
  return DESCRIBED.test(before) || clauses.slice(0, i).some((c) => DESCRIBED.test(c));
}

/** What comes just before an order: the start of the clause, "please", "you should", "now"... (not "the email asks for payment"). */
const ORDER_LEAD = /(?:^|\b(?:please|now|then|and|or|just|simply|to|must|should|can|could|will|would|you|immediately|quickly|first|also|kindly|go|so|always|instead|right away|by|try|start|keep))\s*$/i;
const CONDITION = /\b(?:if|unless|whether|in case|when|once|before|after)\b/i;

/** "Using a number you already know": the way the clause after says to do it. */
function viaTrusted(clauses: readonly string[], i: number): boolean {
  const next = clauses[i + 1];
  return TRUSTED_CHANNEL.test(clauses[i] as string) || (next !== undefined && /^(?:using|through|via|by|on|at|from|with)\b/i.test(next) && TRUSTED_CHANNEL.test(next));
}

/** "Call the gift card company, give them the card numbers": the recipient named in the clause, or before it as "them". */
function toTrustedRecipient(clauses: readonly string[], i: number): boolean {
  const clause = clauses[i] as string;
  // "the bank representative who calls you" is whoever is calling
  if (UNTRUSTED_RECIPIENT.test(clause)) return false;
  if (TRUSTED_RECIPIENT.test(clause)) return true;
  return /\b(?:them|they)\b/i.test(clause) && clauses.slice(0, i).some((c) => TRUSTED_RECIPIENT.test(c));
}

function secretsOrActions(sentence: string): ActionFinding | null {
  const clauses = clausesOf(sentence);
  // "did you give them the code?" asks what happened; "can you read me the code?" asks for it
  if (sentence.endsWith('?') && /^(?:did|have|has|had|were|was|do you (?:remember|know))\b/i.test(sentence)) return null;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i] as string;
    HAND_OVER_RE.lastIndex = 0;
    for (let m = HAND_OVER_RE.exec(clause); m !== null; m = HAND_OVER_RE.exec(clause)) {
      const before = clause.slice(0, m.index);
      if (!ORDER_LEAD.test(before) || negated(clauses, i, m.index) || described(clauses, i, before) || CONDITION.test(before)) continue;
      // "choose a strong password", "enter a new password": making one, not handing one over
      if (m[2] !== undefined && /\b(?:a|new|strong|unique|different)\s*$/i.test(m[1] ?? '')) continue;
      if (NOUN_IS_SUBJECT.test(clause.slice(m.index + m[0].length))) continue;
      // "read the whole text that came with the code": the code is not what is handed over
      if (/\b(?:that|which|about)\b/i.test(m[1] ?? '')) continue;
      if (m[3] !== undefined && toTrustedRecipient(clauses, i)) continue;
      return { rule: 'asks-for-secret', detail: m[2] !== undefined ? 'asks the person to give out a code or password' : 'asks the person to pay or give card or bank details' };
    }
    const asks = ASKS_RE.exec(clause);
    if (asks && !negated(clauses, i, asks.index)) return { rule: 'asks-for-secret', detail: 'asks the person for a secret' };
    for (const a of ACT_ON_MESSAGE) {
      const m = a.re.exec(clause);
      if (!m) continue;
      const before = clause.slice(0, m.index);
      if ((!a.anywhere && !ORDER_LEAD.test(before)) || negated(clauses, i, m.index) || described(clauses, i, before) || CONDITION.test(before)) continue;
      if (viaTrusted(clauses, i)) continue;
      return { rule: 'unsafe-action', detail: a.what };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers, links and email addresses

/** A run of digits as phone numbers are written: `+1 (800) 555-0199`, `0300 123 2040`, `7726`. */
const NUMBER_RUN = /(?<![\w.,$£€₹¥/])(?:\+\s?)?\(?\d(?:[\d \t().-]*\d)?\)?(?![\w]|[.,]\d)/g;
/** A short number counts as a phone number only where one is expected ("text 4455", "call 911"). */
const PHONE_CONTEXT = /\b(?:call|calling|ring|phone|dial|text|txt|sms|whatsapp|telephone|tel|number|hotline|helpline|line|contact|forward\w*|reply|send|fax|on)\b[^\n\d]{0,40}$/i;
const NOT_A_PHONE_AFTER = /^\s*(?:%|percent|hours?|hrs?|days?|minutes?|mins?|seconds?|secs?|weeks?|months?|years?|am|pm|a\.m|p\.m|times|words|characters|digits?|(?:st|nd|rd|th)\b)/i;
const EMAIL_RE = /[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,}/gu;
const BARE_IP = /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?!\w|\.\d)/g;

const digitsOf = (s: string) => s.replace(/\D/g, '');
/** Leading zeros are a trunk prefix ("0300" dialled at home is "300" from abroad). */
const nationalOf = (digits: string) => digits.replace(/^0+/, '');

/** The phone numbers of `text`: every number of 7 digits or more, and shorter ones (3 to 6) where a number is expected. */
function phoneNumbersOf(text: string, everyRun: boolean): string[] {
  const out: string[] = [];
  NUMBER_RUN.lastIndex = 0;
  for (let m = NUMBER_RUN.exec(text); m !== null; m = NUMBER_RUN.exec(text)) {
    const digits = digitsOf(m[0]);
    if (digits.length < 3) continue;
    if (everyRun) {
      out.push(m[0]);
      continue;
    }
    if (NOT_A_PHONE_AFTER.test(text.slice(m.index + m[0].length))) continue;
    if (digits.length >= 7 || PHONE_CONTEXT.test(text.slice(Math.max(0, m.index - 60), m.index))) out.push(m[0]);
  }
  return out;
}

const hostKey = (host: string) => host.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');

/** The phone numbers, hosts and email addresses the guidance gives, which an answer may repeat. */
interface KnownContacts {
  numbers: Set<string>;
  hosts: Set<string>;
  emails: Set<string>;
}

/** The text given to the model that is ours: the guidance articles with their sources, and the engine's advice. */
function ownTexts(context: AnswerContext): string[] {
  return [...context.guidance.flatMap((a) => [a.title, a.summary, ...(a.signs ?? []), ...a.steps, ...a.sources.map((s) => `${s.name} ${s.url}`)]), ...(context.advice ?? [])];
}

function knownContacts(texts: readonly string[]): KnownContacts {
  const numbers = new Set<string>();
  const hosts = new Set<string>();
  const emails = new Set<string>();
  for (const own of texts) {
    const text = normalizeText(own);
    for (const e of text.match(EMAIL_RE) ?? []) emails.add(e.toLowerCase());
    const withoutEmails = text.replace(EMAIL_RE, ' ');
    for (const n of phoneNumbersOf(withoutEmails, true)) numbers.add(nationalOf(digitsOf(n)));
    for (const link of findLinks(withoutEmails)) {
      if (link.host === null) continue;
      hosts.add(hostKey(link.host));
      // "consumer.ftc.gov" cited: "ftc.gov" itself may be named too, never a sibling ("sites.google.com")
      if (link.registrableDomain) hosts.add(hostKey(link.registrableDomain));
    }
  }
  return { numbers, hosts, emails };
}

function unknownContact(text: string, known: KnownContacts): string | null {
  for (const e of text.match(EMAIL_RE) ?? []) if (!known.emails.has(e.toLowerCase())) return 'an email address the guidance does not give';
  const withoutEmails = text.replace(EMAIL_RE, ' ');
  const links = findLinks(withoutEmails);
  // findLinks stops at 50: an answer with that many links is not an answer
  if (links.length >= 50) return 'too many links';
  for (const link of links) {
    if (link.host === null || !known.hosts.has(hostKey(link.host))) return 'a link the guidance does not give';
  }
  BARE_IP.lastIndex = 0;
  if (BARE_IP.test(withoutEmails)) return 'an IP address';
  // numbers inside links (paths, ports) were judged with the link
  let rest = withoutEmails;
  for (const link of [...links].reverse()) rest = rest.slice(0, link.start) + ' '.repeat(link.end - link.start) + rest.slice(link.end);
  for (const n of phoneNumbersOf(rest, false)) {
    const national = nationalOf(digitsOf(n));
    if (known.numbers.has(national)) continue;
    // "+44 300 123 2040" for the guidance's "0300 123 2040": a country code of 1 to 3 digits before a known number
    const international = /^\s*\+/.test(n) && [1, 2, 3].some((cc) => known.numbers.has(national.slice(cc)) && national.slice(cc).length >= 6);
    if (!international) return 'a phone number the guidance does not give';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/**
 * Checks a language model's answer; null when it may be given, else why not. Sentences that repeat
 * the guidance word for word are the guidance's own and pass the wording rules (its gift card
 * article tells people to give the card numbers to the gift card company); contact points are
 * checked everywhere.
 */
export function checkModelAnswer(answer: string, context: AnswerContext): AnswerProblem | null {
  if (answer.length > MAX_MODEL_ANSWER_CHARS) return { rule: 'too-long', detail: `longer than ${MAX_MODEL_ANSWER_CHARS} characters` };
  const text = normalizeText(answer);

  const own = ownTexts(context);
  const contact = unknownContact(refangLinks(text), knownContacts(own));
  if (contact) return { rule: 'unknown-contact', detail: contact };

  const ownSentences = new Set(own.flatMap((s) => sentencesOf(normalizeText(s))).map(comparable));
  // emphasis marks would hide words from the rules ("it is **safe**")
  const sentences = sentencesOf(text.replace(/[*_`~]+/g, '')).filter((s) => !ownSentences.has(comparable(s)));

  for (const sentence of sentences) {
    const found = secretsOrActions(sentence);
    if (found) return found;
  }
  if (context.verdict === 'phishing' || context.verdict === 'suspicious') {
    const clauses = sentences.flatMap((s) => (s.endsWith('?') ? [] : clausesOf(s)));
    const why = contradiction(clauses, sentences, context.question !== undefined ? normalizeText(context.question) : undefined);
    if (why) return { rule: 'contradicts-verdict', detail: `${why} (verdict ${context.verdict})` };
  }
  return null;
}

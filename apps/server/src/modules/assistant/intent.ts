import { findLinks } from '@baitcheck/detector';
import type { ChatTurn } from '@baitcheck/contracts';

/** What a question asks for. */
export type Intent =
  | { kind: 'refuse' }
  | { kind: 'scan'; content: string; scanKind: 'text' | 'url' }
  | { kind: 'follow-up'; about: 'why' | 'what-to-do'; content: string; scanKind: 'text' | 'url' }
  /** About a message or link that "this" or "it" points at, and none is in the conversation. */
  | { kind: 'needs-message' }
  | { kind: 'guidance' };

/** Requests to help deceive or harm someone: writing scams, finding or tracking people, breaking into accounts. */
const HARMFUL: readonly RegExp[] = [
  /\b(write|create|make|draft|generate|craft|design|build|compose)\b[^.?!]{0,60}\b(phishing|scam|fake|spoof\w*|smish\w*|fraudulent|convincing)\b[^.?!]{0,60}\b(text|message|email|e-mail|sms|page|site|website|link|login|letter|invoice|call|script)s?\b/i,
  /\b(phishing|scam|fake|spoof\w*|fraudulent)\b[^.?!]{0,20}\b(text|message|email|sms|page|site|website|login|invoice)s?\b[^.?!]{0,40}\b(that|which|to)\b[^.?!]{0,30}\b(looks?|seems?|appears?|fool|trick|convince)\b/i,
  /\b(find|track|trace|locate|look ?up|get|dox+)\b[^.?!]{0,40}\b(someone|somebody|a person|people|him|her|them|my ex|my neighbou?r|this person|a stranger)\b[^.?!]{0,60}\b(address|location|where (he|she|they) li?ves?|live|home|phone number|real name|identity|workplace)\b/i,
  /\b(find|get|look ?up)\b[^.?!]{0,20}\b(home )?address\b[^.?!]{0,40}\b(from|with|using)\b[^.?!]{0,30}\b(phone|number|name|email|photo)\b/i,
  /\b(hack|break|get) into\b[^.?!]{0,40}\b(account|phone|email|instagram|facebook|whatsapp|computer|wifi)\b/i,
  /\b(steal|harvest|phish|collect)\b[^.?!]{0,40}\b(passwords?|credentials|logins?|card (numbers|details)|bank details|codes?)\b/i,
  /\b(bypass|get around|defeat)\b[^.?!]{0,20}\b(2fa|two[- ]factor|mfa|otp|one[- ]time (code|password)|verification)\b/i,
  // writing a message that passes for someone else's: impersonation is the scam, whatever it is called
  /\b(write|create|make|draft|generate|craft|compose)\b[^.?!]{0,40}\b(text|message|email|e-mail|sms|letter|page|site|website)s?\b[^.?!]{0,40}\b(looks? like|pretend\w*|appears? to be|posing as|impersonat\w*|as if)\b/i,
  /\b(get|gets|getting|slip|sneak)\b[^.?!]{0,10}\b(past|through|around)\b[^.?!]{0,20}\b(spam|junk)( filters?)?\b|\b(bypass|evade|avoid|beat)\b[^.?!]{0,20}\bspam (filters?|detection)\b/i,
];

/** Phrases that ask to check something the person received. */
const CHECK_CUE =
  /\b(is (this|it|that)( one| message| text| email| link| call| really)? (a |an |really )?(scam|safe|legit|legitimate|real|fake|phishing|genuine|ok|okay|spam|fraud)|is (this|it|that) (really )?(my|from|your)\b|check (this|it|that|the following)|scan (this|it)|what about this|look at this|(got|received|getting) (this|a|an|these)\b[^.?!]{0,30}\b(text|message|sms|email|e-mail|dm|call|voicemail|letter|link)|(texted|emailed|sent|messaged) me|should i (click|open|trust|reply|respond|call)|can i trust|(this|the) (link|text|message|email|site|website) (safe|legit|real|ok))\b/i;

/** Words that start a reply without changing its meaning: "so", "ok", "thanks". */
const FILLER = /^(?:(?:so|ok|okay|and|but|hmm+|right|well|thanks|thank you|oh|wait|sorry)\b[,!.]?\s*)+/i;

/**
 * A whole question that can only be about the message just checked: "why?", "what should I do?",
 * "is it real?", "are you sure?". Nothing else in it names a topic.
 */
const BARE_WHY =
  /^(?:why|how come|how do you know|how can you tell|are you sure|really|explain|what do you mean|what does (?:it|this|that) mean|is (?:it|this|that)(?: one)? (?:really |actually |definitely )?(?:a scam|safe|real|legit|legitimate|fake|dangerous|phishing|genuine|ok|okay|spam|fraud))(?: (?:then|please|though|exactly))?\s*[?!.]*$/i;
const BARE_DO =
  /^(?:what (?:should|do|can|must) i do(?: now| next| then| about (?:it|this|that|them))?|what now|now what|what next|what do i do now|what are my (?:next )?steps|what (?:should|do) i do with (?:it|this|that|them)|how do i (?:report|block) (?:it|this|that|them|this (?:one|message|text|email|number|sender)|the (?:message|text|email|number|sender))|(?:should|can|do) i (?:reply|respond|click|tap|open|call|block|report|delete|ignore|answer)(?: (?:to )?(?:it|this|that|them|back|the (?:link|message|text|email|number|sender|caller)))?|is (?:it|this|that) (?:safe|ok|okay) to (?:click|tap|open|reply|respond|call|answer|visit|use)(?: (?:on )?(?:it|this|that|them|back|the (?:link|message|text|email|number|site|website)))?)(?: (?:then|please|now))?\s*[?!.]*$/i;

/** Starts of a question about the verdict, to be tied to the message only when it refers to it. */
const LEADS_WHY = /^(?:why|how come|how do you know|how can you tell|what makes|explain|what (?:are|were) the (?:signs|reasons|red flags)|what(?:'s| is) (?:wrong|suspicious|fake|dangerous))\b/i;
const LEADS_DO =
  /^(?:what (?:should|do|can|must) i do|what if i|what now|now what|i (?:already|just)\b|i (?:clicked|tapped|opened|replied|called|paid|sent|gave|entered|typed)\b|(?:should|can|do) i\b|is (?:it|this|that) (?:safe|ok|okay) to (?:click|tap|open|reply|respond|call|answer|visit)\b|how do i (?:report|block|stop|delete))/i;

/** Words that point back at the message just checked: "it", "this", "the link", "the sender". */
const REFERS_BACK =
  /\b(?:it|this|that|them|this one|that one|the (?:message|text|sms|email|e-mail|link|url|site|website|page|number|sender|caller|code|attachment|voicemail|dm|one|form))\b/i;

/**
 * Words that bring a new topic: "a scam text", "an email", scammers or people in general. A
 * question with one of these is a question of its own, even if it also says "it" (a country is
 * not a topic: "how do I report it in the UK?" is about the message).
 */
const NEW_TOPIC =
  /\b(?:a|an|any|some|every|most)\s+(?:[\w'-]+\s+){0,2}?(?:text|message|sms|email|e-mail|link|call|website|site|number|bank|company|app|account)s?\b|\b(?:scammers?|people|companies|banks|anyone|someone else|in general|usually|normally|really text|ever)\b/i;

/**
 * Whether a question is about the message checked last, and what about: its reasons ("why?") or
 * what to do ("what should I do?", "is it safe to click?", "I already clicked it"). A question
 * that names a topic of its own ("how do I report a scam text in the UK", "does Amazon really text
 * about refunds?") is not, even right after a check.
 */
export function followUpAbout(query: string): 'why' | 'what-to-do' | null {
  const q = query.trim().replace(FILLER, '');
  if (q.length === 0 || q.length > 160) return null;
  // the first sentence decides; what follows is context ("why? it seems harmless")
  const first = (/^[^?!.\n]*[?!.]*/.exec(q)?.[0] ?? q).trim();
  const head = first.replace(FILLER, '');
  if (BARE_WHY.test(head)) return 'why';
  if (BARE_DO.test(head)) return 'what-to-do';
  if (NEW_TOPIC.test(q) || !REFERS_BACK.test(q)) return null;
  if (LEADS_WHY.test(head)) return 'why';
  if (LEADS_DO.test(head)) return 'what-to-do';
  return null;
}

/** The question part before a pasted message: "Is this a scam?", "got this text:". */
const LEAD_IN = /^[^\n?]{0,120}?(\?|:(?=\s)|\n)\s*/;

function stripQuotes(s: string): string {
  return s.trim().replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '').trim();
}

/** The message or link a question carries, or null: what follows its lead-in, else the whole of it. */
export function extractPasted(query: string): { content: string; scanKind: 'text' | 'url' } | null {
  const q = query.trim();
  const lead = LEAD_IN.exec(q);
  let rest = lead && q.length - lead[0].length >= 8 ? q.slice(lead[0].length) : q;
  rest = stripQuotes(rest.replace(/^[\s?!.:,;-]+/, ''));
  const links = findLinks(rest);
  const hasCue = CHECK_CUE.test(q);
  // a link and nothing else worth reading: a URL scan
  const first = links[0];
  if (first && rest.replace(first.text, '').replace(/[\s.,!?:;"'()]+/g, '').length <= 3) return { content: first.url, scanKind: 'url' };
  if (hasCue && rest.length >= 10 && rest !== q) return { content: rest, scanKind: 'text' };
  if (hasCue && links.length > 0) return { content: rest, scanKind: 'text' };
  // a pasted message with no question: long, or with a link, and not itself a question
  const isQuestion = /^(how|what|where|who|when|why|which|can|could|should|would|is|are|do|does|did|will|i|my|help)\b/i.test(q) && /\?\s*$/.test(q);
  if (!isQuestion && (links.length > 0 || q.length >= 160) && !/^(how|what|where|who|why|which)\b/i.test(q)) return { content: rest, scanKind: 'text' };
  return null;
}

/** The last message or link the person asked about earlier in the conversation. */
export function lastPasted(history: readonly ChatTurn[]): { content: string; scanKind: 'text' | 'url' } | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (turn?.role !== 'user') continue;
    const pasted = extractPasted(turn.content);
    if (pasted) return pasted;
  }
  return null;
}

/** A thing pointed at: "this", "it", "that one", "this text", "the link", "these emails". */
const POINTED = String.raw`(?:(?:this|that|the|these|those) (?:[\w'-]+ )?(?:message|text|txt|sms|email|e-mail|mail|link|url|site|website|web ?page|page|number|call|caller|letter|offer|dm|voicemail|invoice|bill|ad|advert|listing|profile|qr code|attachment|one)s?|this|that|these|those|it|them)`;
/** What a person asks a thing to be: "a scam", "legit", "real". */
const JUDGED = String.raw`(?:(?:an? )?(?:scam|scammer|fraud|fraudster|hoax|con|virus|spammer|hacker|phishing(?: (?:text|email|attempt|link|message))?)|scams|safe|legit|legitimate|real|fake|genuine|ok|okay|spam|fraudulent|dangerous|trustworthy|suspicious|dodgy|sketchy|fishy|authentic|official|for real)`;
/** Doing what a message asks: clicking its link, replying, calling back, paying. */
const ACTED = String.raw`(?:click|tap|press|open|trust|reply|respond|answer|call|ring|pay|follow|visit|download|install|believe|scan|use|go to|sign in|log in)`;
/** The end of the question part: nothing more, or a comma, "or", "now"... ("should I click it, or not?"). */
const ENDS = String.raw`(?=\s*(?:[?!.,;:]|$|\s(?:or|and|now|then|please|though|back|yet|right|to you|for me)\b))`;

/**
 * Questions that ask about one thing the person has in front of them, pointed at and not shown:
 * "is this a scam?", "is it legit?", "is this text really from my bank?", "does this look real?",
 * "should I click it?", "is it safe to open?", "can I trust this email?", "what about this one?",
 * "check this link for me", "legit??". A condition or a general object makes it a general
 * question: "is it a scam if they ask for gift cards?", "is it safe to use public wifi?",
 * "should I click links in texts?".
 */
const POINTS_AT_ONE: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:is|was|are|were|does|do) ${POINTED}(?: (?:really|actually|definitely|even|truly|still))? ${JUDGED}${ENDS}`, 'i'),
  // "is this a real job offer?", "is this a scam text?", "is this the real Amazon?"; not "is that a real thing?"
  new RegExp(String.raw`\b(?:is|was|are|were) (?:this|that|these|those)(?: (?:really|actually))? (?:an? |the )?(?:real|genuine|legit|legitimate|fake|official|scam|phishing|fraudulent|dodgy) (?!(?:way|question|concern|risk|problem|thing|idea|word)s?\b)[\w'-]+`, 'i'),
  // "is this website safe to buy from?": a thing named, then what to do with it
  new RegExp(String.raw`\b(?:is|are) (?:this|that|the|these) (?:[\w'-]+ )?(?:site|website|link|page|shop|store|seller|number|email|message|text|company|offer)s? (?:really )?(?:safe|ok|okay|legit|trustworthy) to\b`, 'i'),
  new RegExp(String.raw`\b(?:is|was|are|were) ${POINTED}(?: (?:really|actually|definitely|truly))? (?:from|by|sent by)\b`, 'i'),
  new RegExp(String.raw`\b(?:does|do|did) ${POINTED} (?:look|seem|sound|feel)\b`, 'i'),
  new RegExp(String.raw`(?:^|[^\w\s]\s*|\b(?:think|guess|feel like|sure|worried|afraid|scared) )${POINTED} (?:looks?|seems?|sounds?|feels?|is|must be)(?: (?:like|to be|really))? ${JUDGED}${ENDS}`, 'i'),
  new RegExp(String.raw`\b(?:should|can|could|shall|do|must) i (?:(?:really|just|still|even) )?${ACTED}(?: (?:on|to|back|into|in|with))?(?: ${POINTED})?${ENDS}`, 'i'),
  new RegExp(String.raw`\bis (?:it|this|that) (?:really )?(?:safe|ok|okay|fine|alright|a good idea) to ${ACTED}(?: (?:on|to|back|into|in|with))?(?: ${POINTED})?${ENDS}`, 'i'),
  // "check this link for me", "can you check the link in my email?"; not "how do I check it's really them?"
  new RegExp(String.raw`(?<!\bto )\b(?:check|scan|look at|verify|examine|review|have a look at|take a look at)(?: out)? ${POINTED}(?:${ENDS}|\s(?:for|please|out|in|on|from|i|my|you)\b)`, 'i'),
  new RegExp(String.raw`\b(?:what|how) about (?:this|that|these|those)(?: ones?)?\b|\bthoughts on ${POINTED}\b|\bwhat (?:do you think|do you make|would you say|is your opinion|'s your opinion) (?:of|about) ${POINTED}\b`, 'i'),
  /\b(?:got|received|getting|was sent) (?:this|these)\b/i,
  /^(?:what|who)(?:'s| is) (?:this|that|it)(?: (?:number|message|text|email|link|site|website|caller|person|sender|one))?\s*[?!.]*$/i,
  /^(?:a )?(?:scam|legit|real|fake|safe|genuine|dodgy|dangerous)(?: or (?:not|\w+))?\s*[?!.]*$/i,
];

/** This app, its assistant and screens: "is this app free?", "is this chat private?" are about Baitcheck. */
const ABOUT_BAITCHECK = /\bbaitcheck\b|\b(?:this|the|your) (?:app|service|assistant|chat|chatbot|bot|tool|product|screen|subscription|plan)\b/i;

/**
 * Whether a question is about a message, link or call the person has and points at ("is this a
 * scam?", "should I click it?") without having shown it: nothing is pasted in it.
 */
export function pointsAtUnshown(query: string): boolean {
  const q = query.trim().replace(FILLER, '');
  if (q.length === 0 || ABOUT_BAITCHECK.test(q)) return false;
  return POINTS_AT_ONE.some((re) => re.test(q));
}

/** What the question asks, given the conversation so far. */
export function classify(query: string, history: readonly ChatTurn[]): Intent {
  const q = query.trim();
  if (HARMFUL.some((re) => re.test(q))) return { kind: 'refuse' };
  const about = followUpAbout(q);
  const earlier = about ? lastPasted(history) : null;
  if (about && earlier) return { kind: 'follow-up', about, ...earlier };
  const pasted = extractPasted(q);
  if (pasted) return { kind: 'scan', ...pasted };
  // "is this a scam?" with nothing shown, now or before: the answer is to ask for it, not a guess
  if (pointsAtUnshown(q) && lastPasted(history) === null) return { kind: 'needs-message' };
  return { kind: 'guidance' };
}

/** A password or a one-time code the person seems to have typed into the chat. */
export function sharesSecret(query: string): boolean {
  return /\b(my )?(password|passcode|pin|passphrase)\s*(is|=|:)\s*\S{3,}/i.test(query) || /\b(the |my )?(code|otp|verification code)\s*(is|=|:)\s*\d{4,8}\b/i.test(query);
}

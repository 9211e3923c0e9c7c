/**
 * A stranger's "wrong number" opener ("Hi, is this Linda?", "Sorry, wrong number! Where are you
 * from?"): the first message of most pig-butchering investment and romance scams.
 */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

/** "Is this <Name>?" at the start of the message or of a sentence (the name capitalised). */
const IS_THIS_NAME =
  /(?:^|[.!?\n]\s{0,3})(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Hh]iya|[Gg]ood\s+(?:morning|afternoon|evening)|[Ss]orry\s+to\s+(?:bother|disturb)\s+you|[Ee]xcuse\s+me)[,!.]?\s{1,3})?(?:[Ii]s\s+this|[Aa]re\s+you|[Ii]s\s+that|[Tt]his\s+is\s+(?:still\s+)?)\s(?:(?:[Mm]r|[Mm]rs|[Mm]s|[Mm]iss|[Dd]r|[Aa]unt|[Uu]ncle)\.?\s)?[A-Z][a-z]{1,15}(?:\s[A-Z][a-z]{1,15})?\s?\?/g;
const RIGHT_NUMBER = `is\\s+this\\s+(?:still\\s+)?(?:the\\s+)?(?:right|correct)\\s+number\\s+for|(?:my\\s+)?(?:assistant|secretary|driver|friend|colleague)\\s+gave\\s+me\\s+(?:this|your)\\s+(?:number|contact)|(?:got|found)\\s+(?:this|your)\\s+number\\s+(?:in|on|from)\\s+my\\s+(?:contacts|phone|phone\\s+book)`;
const WRONG = `wrong\\s+(?:number|person|contact)|not\\s+(?:the\\s+)?(?:person|one)\\s+i\\s+(?:was\\s+)?(?:looking\\s+for|trying\\s+to\\s+reach)`;
const CHAT_ON = `where\\s+are\\s+you\\s+from|(?:nice|glad|lovely)\\s+to\\s+meet\\s+you|since\\s+we${APOS}?(?:re|\\s+are)\\s+(?:chatting|talking|here)|fate|destiny|meant\\s+to\\s+be|(?:can|could)\\s+we\\s+be\\s+friends|make\\s+(?:a\\s+)?friends?|my\\s+name\\s+is|i${APOS}?m\\s+[A-Z][a-z]+,?\\s+(?:a|an|and|from|i)\\b|i\\s+work\\s+(?:in|as|for)|where\\s+do\\s+you\\s+live|what\\s+do\\s+you\\s+do|your\\s+(?:profile|photo)|keep\\s+in\\s+touch|crypto|trading|invest`;

/** "Remember me?": a stranger claiming an earlier meeting the reader cannot place. */
const REMEMBER_ME = `(?:do\\s+you\\s+(?:still\\s+)?|you\\s+(?:still\\s+)?)?remember\\s+me\\s*\\?`;
/** "We met at the wine tasting", "it's Jenna": the claimed meeting or the self-introduction beside it. */
const CLAIMED_MEETING = `we\\s+(?:first\\s+)?met\\s+(?:at|in|on|during|last|a\\s+(?:while|few)|briefly|online)|(?:it${APOS}s|it\\s+is|this\\s+is)\\s+[A-Z][a-z]{1,15}\\b`;

/** Fires on an "is this <Name>?" opener, a "right number for" opener, a wrong number turned into a chat, or "it's Jenna, remember me?". */
export const wrongNumberOpener = intentRule({
  id: 'wrong-number-opener',
  label: "Starts like a 'wrong number' message from a stranger, a common opener of investment and romance scams",
  severity: 'low',
  routes: [[IS_THIS_NAME], [re(RIGHT_NUMBER)], [re(WRONG), re(CHAT_ON)], [re(CLAIMED_MEETING), re(REMEMBER_ME)]],
  window: 240,
});

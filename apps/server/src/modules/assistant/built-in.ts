import { analyze, type Analysis } from '@baitcheck/detector';
import type { ChatTurn } from '@baitcheck/contracts';
import { normalizeTerm, type ArticleIndex, type Retrieved } from '../../content/article-index.ts';
import type { ContentArticle } from '../../content/load-content.ts';
import { classify, sharesSecret, type Intent } from './intent.ts';
import { regionName, regionOf } from '../../content/regions.ts';

/** What the built-in assistant answers, before the service stamps it. */
export interface BuiltInAnswer {
  answer: string;
  intent: Intent['kind'] | 'clarify';
  /** Guidance used, best first. */
  articles: ContentArticle[];
  /** The engine's verdict on a message or link in the question. */
  analysis: Analysis | null;
}

export { regionOf };

/** Below this BM25 score the best article is a guess, and the assistant asks instead. */
export const MIN_GUIDANCE_SCORE = 6;


/** Said under advice for one country when the person named none. */
const regionNote = (region: string) => `This is for ${regionName(region)}. Tell me your country if you are elsewhere and I'll say where to report there.`;

const bullets = (items: readonly string[]) => items.map((s) => `- ${s}`).join('\n');

/** An article as an answer: what matters, the signs when asked how to recognise it, and the steps. */
function articleAnswer(article: ContentArticle, query: string): string {
  const wantsSigns = /\b(recogni[sz]e|spot|tell|signs?|look like|red flags?|know if|identify)\b/i.test(query);
  const parts = [`${article.title}`, article.summary];
  if (article.signs && article.signs.length > 0 && (wantsSigns || article.kind === 'scam-type')) parts.push(`Signs to look for:\n${bullets(article.signs)}`);
  if (article.steps.length > 0) parts.push(`${article.kind === 'scam-type' ? 'What to do' : 'Steps'}:\n${bullets(article.steps)}`);
  return parts.join('\n\n');
}

/** Keeps the articles for the named country (or with none), dropping other countries' versions. */
function forRegion(found: readonly Retrieved[], region: string | null): Retrieved[] {
  if (region === null) return [...found];
  const kept = found.filter((r) => r.article.region === undefined || r.article.region === region);
  return kept.length > 0 ? kept : [...found];
}

const VERDICT_OPENING: Record<Analysis['threatLevel'], string> = {
  phishing: 'This looks like phishing: a scam trying to get your money, passwords or personal details.',
  suspicious: 'This looks suspicious. It has warning signs of a scam, so treat it with care.',
  safe: "This looks safe: I didn't find clear warning signs in it. That is not a guarantee: if it asks for money, codes or passwords, check with the sender through a number or website you already know.",
};

/** Spans quoted per reason, and the characters of each. */
const QUOTES_PER_REASON = 3;
const QUOTE_CHARS = 80;

/**
 * What a reason saw, in the words of the message: every span of its evidence (in the order of
 * the message, at most three), then the facts it names (the brand a link imitates). A reason
 * quotes its own evidence only: "Tells you to call a phone number" quotes the call and the number.
 */
export function reasonEvidence(reason: Analysis['reasons'][number]): string {
  const spans = reason.evidence
    .filter((e) => e.end > e.start && e.text.trim().length > 0)
    .sort((a, b) => a.start - b.start)
    .map((e) => e.text.replace(/\s+/g, ' ').trim())
    .filter((t, i, all) => all.indexOf(t) === i)
    .slice(0, QUOTES_PER_REASON)
    .map((t) => `"${t.length > QUOTE_CHARS ? `${t.slice(0, QUOTE_CHARS - 1)}…` : t}"`);
  const facts = reason.evidence
    .filter((e) => e.start === 0 && e.end === 0 && e.text.trim().length > 0)
    .map((e) => e.text.trim())
    .filter((t, i, all) => all.indexOf(t) === i && !spans.some((q) => q.includes(t)))
    .slice(0, 2);
  if (spans.length === 0) return facts.join(', ');
  return facts.length > 0 ? `${spans.join(' … ')} (${facts.join(', ')})` : spans.join(' … ');
}

function reasonLines(analysis: Analysis): string[] {
  return analysis.reasons.slice(0, 6).map((r) => {
    const seen = reasonEvidence(r);
    return seen ? `${r.label}: ${seen}` : r.label;
  });
}

function scanAnswer(analysis: Analysis, related: ContentArticle | undefined): string {
  const parts = [VERDICT_OPENING[analysis.threatLevel]];
  if (analysis.reasons.length > 0) parts.push(`Why:\n${bullets(reasonLines(analysis))}`);
  else if (analysis.checks && analysis.checks.length > 0) parts.push(`What I checked:\n${bullets(analysis.checks.slice(0, 4))}`);
  if (analysis.recommendations.length > 0) parts.push(`What to do:\n${bullets(analysis.recommendations.slice(0, 6))}`);
  if (related && analysis.threatLevel !== 'safe') parts.push(`${related.title}: ${related.summary}`);
  return parts.join('\n\n');
}

/** A question about reporting or blocking: searched by its own words, not the message's. */
const REPORT_OR_BLOCK = /\b(report|block|forward)\b/i;

/** "Is it safe to click?", "can I open it?": answered yes or no before the advice. */
const SAFE_TO_ACT = /\b(is (it|this|that) (safe|ok|okay) to|(can|should) i (click|tap|open|reply|respond|call|answer|visit))\b/i;
const SAFE_TO_ACT_ANSWER: Record<Analysis['threatLevel'], string> = {
  phishing: "No. The message you showed me looks like phishing, so don't act on it.",
  suspicious: "I wouldn't. The message you showed me has warning signs of a scam, so check it another way first.",
  safe: "I found no warning signs in the message you showed me. That isn't a guarantee: open it only if you were expecting it.",
};

/** What it means when something was already done: clicked, paid, gave a code. */
const ALREADY_DONE = /\b(i )?(already |just )?(clicked|tapped|opened|entered|typed|gave|given|sent|paid|replied|called|shared|bought|installed|downloaded|logged in)\b/i;

const CLARIFY =
  "I'm not sure what you'd like to know. You can:\n- paste a message, email or link you received, and I'll check it and explain what I find\n- ask how to recognise a kind of scam (\"how do I spot a fake delivery text?\")\n- tell me what happened (\"I clicked a link and typed my bank password\") and I'll say what to do next\nWhat did you receive, or what happened?";

/** A question about "this" or "it" with nothing shown: ask for the message, never guess a topic. */
const ASK_FOR_MESSAGE = [
  "I can't see what you're asking about: nothing has been pasted here yet.",
  "- Copy the whole message, email, link or phone number, paste it in the box below and send it: I'll check it and tell you what I find.",
  '- Or check it in Scan, at the bottom of the screen.',
  '- If it was a phone call or a letter, tell me what they said and what they asked you to do.',
  "Until you know, don't tap its links, reply, call back or pay anything.",
].join('\n');

/** The same, before guidance on what the question names ("is this text really from my bank?"). */
const ASK_BEFORE_GUIDANCE =
  "I can't see it myself: paste the message or link here, or check it in Scan at the bottom of the screen, and I'll check it. Until then, here is what to know:";

/**
 * Words that point at a message or judge it and name no topic: "is this text real?" names none,
 * "is this text really from my bank?" names the bank.
 */
const NO_TOPIC = new Set(
  (
    'scam scams scammer scammy fraud fraudulent hoax con virus phishing spam safe legit legitimate real fake genuine ok okay dangerous ' +
    'trustworthy trust suspicious dodgy sketchy fishy authentic official true message text txt sms email e-mail mail link url site website webpage ' +
    'page number call caller letter offer dm voicemail invoice bill ad advert listing profile attachment click tap press open reply respond answer ' +
    'ring pay follow visit download install believe scan use check look seem sound feel verify examine review thought opinion make say sure ' +
    'worried worry afraid scared received sent back definitely actually truly even right guess im ive dont cant wont ' +
    // who received it says nothing of what it is: "my mom got this text, is it real?"
    'mom mum mother dad father parent son daughter child kid wife husband partner grandma grandpa grandmother grandfather nan gran ' +
    'brother sister friend family neighbour neighbor boss'
  )
    .split(' ')
    .map(normalizeTerm)
    .filter((t): t is string => t !== null),
);

const REFUSE =
  "I can't help with that. I'm here to protect people from scams, so I won't help write scam messages, find or track a person, or get into someone else's accounts. If you're worried about a message you received or about your own accounts, tell me and I'll help you check it or secure them.";

const SECRET_WARNING =
  'Please never share a password or a one-time code with anyone, including me and Baitcheck. If you typed a real one here or gave it to someone, change that password now and tell your bank if it was a banking code.';

/**
 * The built-in assistant: answers from the guidance (BM25), checks pasted messages and links with
 * the engine, follows up on the last check, asks when the question is unclear, and refuses harm.
 */
export function answerBuiltIn(index: ArticleIndex, query: string, history: readonly ChatTurn[]): BuiltInAnswer {
  const intent = classify(query, history);
  const warning = sharesSecret(query) ? `${SECRET_WARNING}\n\n` : '';
  const region = regionOf(query) ?? regionOf(history.map((t) => t.content).join(' '));

  if (intent.kind === 'refuse') return { answer: REFUSE, intent: 'refuse', articles: [], analysis: null };

  if (intent.kind === 'scan' || intent.kind === 'follow-up') {
    const analysis = analyze({ kind: intent.scanKind, content: intent.content, source: 'manual' });
    const related = analysis.threatLevel === 'safe' ? undefined : forRegion(index.search(analysis.reasons.map((r) => r.label).join(' '), 2), region)[0]?.article;
    if (intent.kind === 'scan') {
      return { answer: warning + scanAnswer(analysis, related), intent: 'scan', articles: related ? [related] : [], analysis };
    }
    if (intent.about === 'why') {
      const why =
        analysis.reasons.length > 0
          ? `Here is why I said it ${analysis.threatLevel === 'phishing' ? 'looks like phishing' : analysis.threatLevel === 'suspicious' ? 'looks suspicious' : 'looks safe'}:\n${bullets(reasonLines(analysis))}`
          : `I found no warning signs in it${analysis.checks && analysis.checks.length > 0 ? `:\n${bullets(analysis.checks)}` : '.'}`;
      return { answer: warning + why + (analysis.recommendations.length > 0 ? `\n\nWhat to do:\n${bullets(analysis.recommendations.slice(0, 4))}` : ''), intent: 'follow-up', articles: [], analysis };
    }
    // what to do: the verdict's advice, and the guidance for what the person asks or says
    // happened (an after-a-scam article first when something was already done). "How do I report
    // it in the UK?" is searched by its own words; "what should I do?" names no topic, so it is
    // searched with the message itself too.
    const own = REPORT_OR_BLOCK.test(query) ? forRegion(index.search(query, 4), region).filter((r) => r.score >= MIN_GUIDANCE_SCORE) : [];
    const candidates = own.length > 0 ? own : forRegion(index.search(`${query} ${intent.content.slice(0, 300)}`, 4), region).filter((r) => r.score >= MIN_GUIDANCE_SCORE);
    const after = (ALREADY_DONE.test(query) ? candidates.find((r) => r.article.kind === 'after-a-scam') : undefined)?.article ?? candidates[0]?.article;
    const parts = [SAFE_TO_ACT.test(query) ? SAFE_TO_ACT_ANSWER[analysis.threatLevel] : `About the message you showed me (${analysis.threatLevel}):`, `What to do:\n${bullets(analysis.recommendations.slice(0, 6))}`];
    if (after) parts.push(articleAnswer(after, query));
    const articles = after ? [after] : related ? [related] : [];
    return { answer: warning + parts.join('\n\n'), intent: 'follow-up', articles, analysis };
  }

  if (intent.kind === 'needs-message') {
    // What else the question names may still have an answer: "is this text really from my bank?"
    const topic = index.termsOf(query).filter((t) => !NO_TOPIC.has(t));
    const onTopic = topic.length > 0 ? forRegion(index.search(topic.join(' '), 4), region).filter((r) => r.score >= MIN_GUIDANCE_SCORE) : [];
    const best = forRegion(index.search(query, 4), region).find((r) => onTopic.some((t) => t.article.id === r.article.id)) ?? onTopic[0];
    if (!best) return { answer: warning + ASK_FOR_MESSAGE, intent: 'needs-message', articles: [], analysis: null };
    const parts = [ASK_BEFORE_GUIDANCE, articleAnswer(best.article, query)];
    if (best.article.region && region === null) parts.push(regionNote(best.article.region));
    return { answer: warning + parts.join('\n\n'), intent: 'needs-message', articles: [best.article], analysis: null };
  }

  const found = forRegion(index.search(query, 4), region);
  const best = found[0];
  if (!best || best.score < MIN_GUIDANCE_SCORE || index.termsOf(query).length === 0) {
    return { answer: warning + CLARIFY, intent: 'clarify', articles: [], analysis: null };
  }
  const articles = [best.article];
  const parts = [articleAnswer(best.article, query)];
  // a close second on another aspect (where to report, after the scam type) is worth a line
  const second = found[1];
  if (second && second.score >= best.score * 0.75 && second.article.kind !== best.article.kind) {
    articles.push(second.article);
    parts.push(`Also: ${second.article.title}. ${second.article.summary}\n${bullets(second.article.steps.slice(0, 4))}`);
  }
  if (best.article.region && region === null) parts.push(regionNote(best.article.region));
  return { answer: warning + parts.join('\n\n'), intent: 'guidance', articles, analysis: null };
}

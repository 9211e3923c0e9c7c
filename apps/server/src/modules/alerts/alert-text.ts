import type { MessageSource, ThreatLevel } from '@baitcheck/contracts';
import { parse } from 'tldts';

/**
 * The words of alerts (issue 19): what the in-app list and a push say, and the email and text
 * built from them. Pure: no I/O, no clock (a time is passed in). Everything that came from a
 * message (its sender, its content, a plugin's name, a server's error) is treated as hostile: it
 * is cleaned of control and bidi characters and its links are defanged, so an alert about a scam
 * never hands the person the scam's link to tap.
 */

/** A scan that found something (or, rarely, nothing). */
export interface ScanAlertInput {
  kind: 'scan';
  threatLevel: ThreatLevel;
  /** Which notification type raised it: at high sensitivity a suspicious message raises a `phishing_alert`. */
  type: 'phishing_alert' | 'suspicious_content';
  source: MessageSource;
  /** Who sent it, as the channel gave it; empty for a link scan. */
  sender: string;
  /** What was scanned: a message (default) or a link. */
  kind2?: 'text' | 'url';
  /** The plugin that brought the message in, when one did. */
  pluginName?: string;
}

/** Many alerts folded into one, so a flood does not become a flood of pushes. */
export interface SummaryAlertInput {
  kind: 'summary';
  count: number;
  phishing: number;
  suspicious: number;
  minutes: number;
}

/** Something that happened to the account or a plugin. */
export interface SecurityAlertInput {
  kind: 'security';
  event: 'new_sign_in' | 'password_changed' | 'plugin_disconnected' | 'plugin_stopped';
  pluginName?: string;
  /** For `plugin_stopped`: the problem, as one sentence (e.g. the inbox refused its password). */
  detail?: string;
  when: Date;
}

/** A tip from the Knowledge Base. */
export interface TipAlertInput {
  kind: 'tip';
  title: string;
  summary: string;
}

/** What `describeAlert` describes. */
export type AlertInput = ScanAlertInput | SummaryAlertInput | SecurityAlertInput | TipAlertInput;

/** What an alert says in the app and in a push. */
export interface AlertText {
  title: string;
  body: string;
}

/** The most of a sender shown (characters of the sender itself, before defanging). */
export const SENDER_MAX = 60;
/** The most of a message's content an alert email quotes. */
export const EXCERPT_MAX = 300;
/** The most of a tip's summary shown. */
export const TIP_MAX = 200;
/** An alert text is shorter than this (two SMS segments of GSM-7 text). */
export const SMS_MAX = 320;

// \p{Cc} holds CR/LF, tabs, NUL and C1 controls; \p{Cf} the bidi overrides and isolates
// (U+202A-E, U+2066-9), the LRM/RLM marks, zero-width spaces and joiners, soft hyphens: all
// things that can reorder what a person reads or hide a dot from the defanging below.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const INVISIBLE_BUT_NEWLINE = /(?!\n)[\p{Cc}\p{Cf}]/gu;

/**
 * The start of a long text, enough for a cut to `max` after cleaning (which only removes), so a
 * pasted megabyte is not cleaned whole; never ending in half a surrogate pair.
 */
function headOf(text: string, max: number): string {
  const limit = max * 8 + 64;
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** Text on one line: newlines and tabs become spaces, invisible and bidi characters go (as alerts show a sender). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t\u2028\u2029]/g, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` cut to at most `max` UTF-16 code units, an ellipsis included: at the last whole word when
 * one ends in the last part of the room, else at the last whole character (a grapheme: never half
 * a surrogate pair, an emoji sequence or a letter and its accent). Text that fits is unchanged.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  if (room <= 0) return '';
  let end = 0;
  // only the start is segmented: a boundary depends on the characters around it, not on the rest
  for (const { index, segment } of graphemes.segment(text.slice(0, room + 16))) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  let cut = text.slice(0, end);
  // a word cut short reads as a different word: back up to the last space, unless that loses much
  if (!/\s/.test(text[end] ?? ' ')) {
    let space = cut.length - 1;
    while (space >= 0 && !/\s/.test(cut[space]!)) space -= 1;
    if (space >= room * 0.6) cut = cut.slice(0, space);
  }
  return `${cut.trimEnd()}…`;
}

// A dot, or a character that IDNA maps to one (browsers open `evil。com` as `evil.com`).
const ANY_DOT = /[.\u3002\uFF0E\uFF61]/g;
// Dots not already defanged, so defanging twice changes nothing.
const BARE_DOT = /(?<!\[)[.\u3002\uFF0E\uFF61](?!\])/g;
// A scheme and the authority after it (host, port, user info: `paypal.com@evil.com`).
const SCHEME_AND_AUTHORITY = /\b([a-z][a-z\d+.-]{0,30}):\/\/([^\s/?#\\]*)/giu;
// Dot-separated labels: one candidate host. The dots separate the labels, so no backtracking.
const DOTTED = /[\p{L}\p{N}\p{M}_-]+(?:[.\u3002\uFF0E\uFF61][\p{L}\p{N}\p{M}_-]+)+/gu;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether a dotted token is something an email client or a phone would turn into a link. */
function isLinkable(token: string, before: string): boolean {
  // full-width letters and IDNA dots open the same site as their ASCII forms
  const host = token.normalize('NFKC').replace(ANY_DOT, '.').toLowerCase();
  if (host.startsWith('www.')) return true;
  if (IPV4.test(host)) return true;
  // an address's domain is linked as an address whatever its suffix
  if (before === '@') return /\.\p{L}{2,}$/u.test(host);
  // not validated as a hostname: an auto-linker links `<300 letters>.com` all the same
  const parsed = parse(host, { allowPrivateDomains: true, validateHostname: false });
  return parsed.domain !== null && (parsed.isIcann === true || parsed.isPrivate === true);
}

/**
 * Makes links and domains in `text` impossible to open by tapping, in email clients and SMS apps
 * that auto-link: schemes become `hxxp`/`hxxps` (`fxp`, other schemes `[://]`), every dot of a
 * link's host becomes `[.]`, and so does every dot of a bare domain with a real public suffix
 * (tldts), a `www.` name, an IPv4 address or an email address's domain. Ordinary words, numbers
 * (3.14), times (10.30) and abbreviations (e.g.) stay as they are. Defanging twice changes nothing.
 */
export function defang(text: string): string {
  const schemed = text.replace(SCHEME_AND_AUTHORITY, (_match, scheme: string, authority: string) => {
    const lower = scheme.toLowerCase();
    let safe: string;
    if (lower === 'http' || lower === 'https' || lower === 'ftp') safe = `${scheme.replace(/t/g, 'x').replace(/T/g, 'X')}://`;
    else if (lower === 'hxxp' || lower === 'hxxps' || lower === 'fxp') safe = `${scheme}://`;
    else safe = `${scheme}[://]`;
    return safe + authority.replace(BARE_DOT, '[.]');
  });
  return schemed.replace(DOTTED, (token: string, offset: number, whole: string) =>
    isLinkable(token, whole[offset - 1] ?? '') ? token.replace(BARE_DOT, '[.]') : token,
  );
}

/**
 * Cut, then defang: cutting after defanging could turn `foo.comx` into a live `foo.com`. When the
 * brackets make it longer than `max`, it is cut shorter and defanged again.
 */
function cutDefanged(text: string, max: number): string {
  let room = max;
  for (;;) {
    const out = defang(cutText(text, room));
    if (out.length <= max || room <= 1) return out;
    room -= out.length - max;
  }
}

/** A sender as an alert shows it: one line, no invisible or bidi characters, cut, defanged. */
function showSender(sender: string): string {
  return cutDefanged(oneLine(headOf(sender, SENDER_MAX)), SENDER_MAX);
}

/** A plugin's name as an alert shows it. */
function showPluginName(name: string | undefined): string {
  return name === undefined ? '' : cutDefanged(oneLine(headOf(name, 40)), 40);
}

const SOURCE_WORDS: Record<MessageSource, string> = {
  sms: 'A text message',
  email: 'An email',
  social: 'A social media message',
  slack: 'A Slack message',
  manual: 'The message you scanned',
};

function describeScan(input: ScanAlertInput): AlertText {
  const link = input.kind2 === 'url';
  const sender = showSender(input.sender);
  const plugin = input.source === 'manual' || link ? '' : showPluginName(input.pluginName);
  let what: string;
  if (link) what = 'The link you scanned';
  else if (input.source === 'manual') what = sender ? `The message from ${sender} that you scanned` : 'The message you scanned';
  else what = `${SOURCE_WORDS[input.source]}${sender ? ` from ${sender}` : ''}${plugin ? ` (${plugin})` : ''}`;

  if (input.threatLevel === 'phishing') {
    return {
      title: 'Phishing detected',
      body: link
        ? `${what} looks like phishing. Don't open it or enter anything on its page: see why in History.`
        : `${what} looks like phishing. Don't reply or open its links: open it in History to see why.`,
    };
  }
  if (input.threatLevel === 'suspicious' && input.type === 'phishing_alert') {
    // at high sensitivity a suspicious verdict alerts as phishing: the title must not overstate it
    return {
      title: 'Possible phishing',
      body: link
        ? `${what} may be phishing. Don't open it until you have checked: see why in History.`
        : `${what} may be phishing. Don't reply or open its links until you have checked: open it in History to see why.`,
    };
  }
  if (input.threatLevel === 'suspicious') {
    return {
      title: link ? 'Suspicious link' : 'Suspicious message',
      body: link
        ? `${what} looks suspicious. Be careful before opening it: see why in History.`
        : `${what} looks suspicious. Be careful with its links and never share a code or password: open it in History to see why.`,
    };
  }
  return {
    title: link ? 'Link checked' : 'Message checked',
    body: link ? `${what} looks safe. See why in History.` : `${what} looks safe. Open it in History to see why.`,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function describeWindow(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m === 1) return 'the last minute';
  if (m % 60 === 0) return m === 60 ? 'the last hour' : `the last ${m / 60} hours`;
  return `the last ${m} minutes`;
}

function describeSummary(input: SummaryAlertInput): AlertText {
  const { count, phishing, suspicious } = input;
  const total = phishing + suspicious;
  let found: string;
  if (phishing > 0 && suspicious > 0) found = `${phishing} phishing and ${suspicious} suspicious ${total === 1 ? 'message' : 'messages'}`;
  else if (phishing > 0) found = plural(phishing, 'phishing message', 'phishing messages');
  else if (suspicious > 0) found = plural(suspicious, 'suspicious message', 'suspicious messages');
  else found = plural(count, 'message worth a look', 'messages worth a look');
  const shown = total > 0 ? total : count;
  const account = count - total;
  if (total === 0 && account > 0) {
    return {
      title: plural(count, 'more alert', 'more alerts'),
      body: `${plural(account, 'more account alert', 'more account alerts')} in ${describeWindow(input.minutes)}: open Baitcheck to read ${account === 1 ? 'it' : 'them'}.`,
    };
  }
  return {
    title: plural(count, 'more alert', 'more alerts'),
    body: `Baitcheck found ${found} in ${describeWindow(input.minutes)}${account > 0 ? `, and ${plural(account, 'account alert', 'account alerts')}` : ''}. Open History to see ${shown === 1 ? 'it' : 'them'}.`,
  };
}

// The reader's time zone is not known here: UTC, said as such, is never wrong.

/** A sentence from outside (a server's error): one line, defanged, cut, ending in a full stop. */
function showDetail(detail: string | undefined): string {
  const line = cutDefanged(oneLine(headOf(detail ?? '', 200)), 200);
  if (line === '') return '';
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}

function describeSecurity(input: SecurityAlertInput): AlertText {
  // no clock time in the words: they are read in the person's own time zone, which the server
  // does not know (the list and the email say when)
  const name = showPluginName(input.pluginName);
  const plugin = name ? `${name} plugin` : 'plugin';
  switch (input.event) {
    case 'new_sign_in':
      return {
        title: 'New sign-in to your account',
        body: "Your Baitcheck account was signed in to from a browser or device it hadn't seen before. If that was you, there is nothing to do. If it wasn't, change your password on the Account page.",
      };
    case 'password_changed':
      return {
        title: 'Your password was changed',
        body: "The password of your Baitcheck account was changed. If that was you, there is nothing to do. If it wasn't, contact us from the Contact Support page.",
      };
    case 'plugin_disconnected':
      return {
        title: name ? `${plugin} disconnected` : 'A plugin was disconnected',
        body: `Baitcheck no longer scans messages from the ${plugin}: it was disconnected. If you didn't do this, change your password on the Account page and connect it again in Settings → Plugins.`,
      };
    case 'plugin_stopped': {
      const detail = showDetail(input.detail);
      return {
        title: name ? `${plugin} stopped` : 'A plugin stopped',
        body: `Baitcheck stopped scanning messages from the ${plugin} because of a problem.${detail ? ` ${detail}` : ''} Fix it in Settings → Plugins to start scanning again.`,
      };
    }
  }
}

/**
 * The title and body of an alert, for the in-app list and a push: what was found, where, and what
 * to do, in one or two sentences. Never the scam's content; its sender only cleaned and defanged.
 */
export function describeAlert(input: AlertInput): AlertText {
  switch (input.kind) {
    case 'scan':
      return describeScan(input);
    case 'summary':
      return describeSummary(input);
    case 'security':
      return describeSecurity(input);
    case 'tip':
      return { title: `Tip: ${oneLine(input.title)}`, body: cutText(oneLine(headOf(input.summary, TIP_MAX)), TIP_MAX) };
  }
}

/** What an alert email needs. */
export interface AlertEmailInput {
  title: string;
  body: string;
  /** The absolute link to the entry in the app, or null when the server knows no public address. */
  url: string | null;
  /** The message's content, quoted (cut and defanged). */
  excerpt?: string;
  sender?: string;
  /** Our own link that turns email alerts off, when there is one. */
  unsubscribeUrl: string | null;
}

/** A plain-text email: what the email adapter's `EmailMessage` takes besides `to`. */
export interface AlertEmail {
  subject: string;
  text: string;
}

/** The quoted excerpt: lines kept (at most two blank in a row), invisible characters gone, cut, defanged. */
function quoteExcerpt(excerpt: string): string {
  const clean = headOf(excerpt, EXCERPT_MAX)
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE_BUT_NEWLINE, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (clean === '') return '';
  return cutDefanged(clean, EXCERPT_MAX)
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * Where a person changes their alerts: the Settings page's Notifications tab, on the same address
 * as the entry's link (resolved beside it, so an app served under a path keeps its path).
 */
function settingsUrl(url: string): string | null {
  try {
    return new URL('settings?tab=notifications', url).href;
  } catch {
    return null;
  }
}

/**
 * An alert email, plain text: what was found, the message quoted (at most 300 characters, every
 * link in it defanged), the link to the entry (ours: the only link besides the footer's own), what
 * to do, and why the person gets it. The subject is the title after 'Baitcheck: ', on one line.
 */
export function alertEmail(input: AlertEmailInput): AlertEmail {
  const title = oneLine(input.title);
  const sender = input.sender === undefined ? '' : showSender(input.sender);
  const excerpt = input.excerpt === undefined ? '' : quoteExcerpt(input.excerpt);
  const aboutMessage = sender !== '' || excerpt !== '';
  const lines = [defang(title), '', defang(oneLine(input.body)), ''];
  if (sender) lines.push(`From: ${sender}`);
  if (excerpt) lines.push('What it says (links in it are broken on purpose, so they cannot be opened):', excerpt);
  if (aboutMessage) lines.push('');
  lines.push(input.url ? `See it in Baitcheck: ${input.url}` : 'Open Baitcheck to see it.', '');
  if (aboutMessage) {
    lines.push(
      'What to do:',
      "- Don't reply, and don't open links or call numbers from the message.",
      '- Never share a password, a code or card details that someone asks you for.',
      '- If you already did, change that password and call your bank on the number on your card.',
      '',
    );
  }
  lines.push('--', 'You get this because email alerts are on in Settings → Notifications.');
  const settings = input.url ? settingsUrl(input.url) : null;
  if (settings) lines.push(`Change them: ${settings}`);
  if (input.unsubscribeUrl) lines.push(`Stop these emails: ${input.unsubscribeUrl}`);
  // oneLine removes CR and LF, so nothing a title holds can start another header
  return { subject: cutDefanged(`Baitcheck: ${title}`, 200), text: `${lines.join('\n')}\n` };
}

/** What an alert text needs. */
export interface AlertSmsInput {
  title: string;
  body: string;
  /** The absolute link to the entry in the app, or null. */
  url: string | null;
}

/**
 * An alert as a text message, under 320 characters: 'Baitcheck: ' + the title + the body (cut)
 * + our link. Never the scam's content or links: only our own words and the defanged sender in them.
 * Should the link not fit with the title, it is left out rather than sent broken.
 */
export function alertSms(input: AlertSmsInput): string {
  const head = `Baitcheck: ${cutDefanged(oneLine(input.title), 80)}.`;
  const tail = input.url ? ` ${oneLine(input.url)}` : '';
  const max = SMS_MAX - 1;
  if (head.length + tail.length + 1 > max) return cutText(head, max);
  const room = max - head.length - tail.length - 1;
  const body = room >= 20 ? cutDefanged(oneLine(headOf(input.body, room)), room) : '';
  return `${head}${body ? ` ${body}` : ''}${tail}`;
}

/**
 * The email that confirms an address for email alerts: who asked, the one link (our own), and that
 * ignoring it sends nothing. `url` is absolute, or null when no public address is known (then it
 * says where to paste the code instead).
 */
export function confirmationEmail(input: { url: string | null; token: string }): { subject: string; text: string } {
  const lines = [
    'Someone, hopefully you, asked Baitcheck to send scam alerts to this address.',
    '',
    input.url ? `To say yes, open this link within 24 hours:\n${input.url}` : `To say yes, open Baitcheck's Settings → Notifications within 24 hours and confirm with this code:\n${input.token}`,
    '',
    "If it wasn't you, ignore this email: nothing more will be sent here.",
    '',
    'Baitcheck never asks for your password or a payment by email.',
  ];
  return { subject: 'Baitcheck: confirm email alerts', text: lines.join('\n') };
}

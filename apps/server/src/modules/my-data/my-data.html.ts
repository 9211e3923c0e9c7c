import { createHash } from 'node:crypto';
import {
  PLANS,
  plainWordsFor,
  revealHidden,
  SUPPORT_ISSUE_TYPE_LABELS,
  type AlertType,
  type MessageSource,
  type MyDataPlugin,
  type MyDataPushDevice,
  type Reason,
  type SubscriptionStatus,
  type ThreatLevel,
} from '@baitcheck/contracts';
import { oneLine } from '../alerts/alert-text.ts';
import { PLUGIN_CATALOGUE } from '../plugins/catalogue.ts';
import type { ExportEncoder, MyDataHead, MyDataListName, MyDataLists } from './my-data.service.ts';

// The readable copy of 'Download my data': one HTML page a person opens from their downloads and
// prints. Everything stored is outside input (the messages are scams, written to trick): every
// piece of it is escaped for text and attributes, shown as plain text (a link in a message never
// becomes a link), with its hidden direction characters shown; the page runs no script and loads
// nothing (its Content-Security-Policy allows only its own style, by hash).

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe in HTML text and in a quoted attribute value: `& < > " '` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Stored text as the page shows it: its hidden direction characters made visible, then escaped. */
const shown = (text: string) => escapeHtml(revealHidden(text));

/** A sender, isolated (`<bdi>`) so right-to-left text in it cannot reorder the line around it. */
const sender = (text: string) => (text.trim() === '' ? 'None given' : `<bdi>${shown(text)}</bdi>`);

/** A message's text in full, as plain text (its own direction, its line breaks kept). */
const quote = (text: string) => `<blockquote dir="auto" class="text">${text === '' ? '<span class="none">(empty)</span>' : shown(text)}</blockquote>`;

const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--soft:#475569;--line:#cbd5e1;--paper:#fff;--tint:#f8fafc}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}
h2{font-size:1.35rem;line-height:1.25;margin:2.25rem 0 .5rem;padding-top:1rem;border-top:2px solid var(--ink);break-after:avoid;page-break-after:avoid}
h3{font-size:1.05rem;line-height:1.35;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline;overflow-wrap:anywhere}
h3>*{min-width:0}
section>h3{margin-top:1rem;break-after:avoid;page-break-after:avoid}
p{margin:.5rem 0}
.made{color:var(--soft);margin-bottom:1rem}
.lead{color:var(--soft);break-after:avoid;page-break-after:avoid}
.note{background:var(--tint);border-left:4px solid var(--line);padding:.5rem .75rem}
.cut{border:2px solid #b45309;background:#fffbeb;color:#78350f;padding:.5rem .75rem;font-weight:600}
body:has(#complete) .cut{display:none}
.item{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
.item>h3,.label{break-after:avoid;page-break-after:avoid}
.facts,.text,.group,.reasons li{break-inside:avoid;page-break-inside:avoid}
.text{orphans:3;widows:3}
.group>h3{margin-top:1rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}
.facts dt{color:var(--soft)}
.settings{grid-template-columns:minmax(12rem,max-content) 1fr}
.facts dd{margin:0;overflow-wrap:anywhere}
.label{font-weight:600;margin:.75rem 0 .25rem}
.text{margin:0;padding:.5rem .75rem;background:var(--tint);border:1px solid var(--line);border-radius:.25rem;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word}
ul{margin:.25rem 0;padding-left:1.25rem}
li{margin:.15rem 0;overflow-wrap:anywhere}
.plain{list-style:none;padding:0}
.plain>li{padding:.4rem 0;border-bottom:1px solid var(--line);break-inside:avoid;page-break-inside:avoid}
h3 time,.when,.when time{color:var(--soft);font-weight:400}
.none{color:var(--soft);font-style:italic}
.verdict{display:inline-block;padding:0 .5rem;border-radius:999px;border:1px solid;font-weight:700;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.v-phishing{color:#991b1b;background:#fee2e2;border-color:#fca5a5}
.v-suspicious{color:#92400e;background:#fef3c7;border-color:#fcd34d}
.v-safe{color:#166534;background:#dcfce7;border-color:#86efac}
.count{color:var(--soft);font-style:italic}
.small{color:var(--soft);font-size:.95em}
.meaning{color:var(--soft)}
ul.small>li{color:var(--ink)}
.complete{margin-top:2.5rem;padding-top:1rem;border-top:2px solid var(--ink);font-weight:600}
@media (max-width:30rem){.facts{grid-template-columns:1fr}.facts dd{margin-bottom:.35rem}.settings{grid-template-columns:auto 1fr}.settings dd{margin:0}h1{font-size:1.5rem}}
@page{margin:16mm 14mm}
@media print{body{font-size:11pt}main{max-width:none;padding:0}h2{margin-top:1.5rem}.item{border-color:#94a3b8}}
`;

/**
 * The readable copy's policy, first in its `<head>` (and its response's header): nothing may load
 * or run, and the only style is its own `<style>`, named by its hash.
 */
export const MY_DATA_HTML_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'`;

/** The verdicts in words: the app's short names, and what each means for the person. */
const VERDICTS: Readonly<Record<ThreatLevel, { label: string; meaning: string }>> = {
  phishing: { label: 'Phishing', meaning: 'a scam. Do not reply, click or pay' },
  suspicious: { label: 'Suspicious', meaning: 'be careful with it' },
  safe: { label: 'Safe', meaning: 'no warning signs were found' },
};

const verdict = (level: ThreatLevel) => `<span class="verdict v-${level}">${VERDICTS[level].label}</span>`;

/** The channels as History names them. */
const CHANNELS: Readonly<Record<MessageSource, string>> = { sms: 'Text message (SMS)', email: 'Email', social: 'Social media', slack: 'Slack', manual: 'Pasted in by you' };

const ALERT_TYPES: Readonly<Record<AlertType, string>> = {
  phishing_alert: 'Phishing alert',
  security_update: 'Security update',
  suspicious_content: 'Suspicious content',
  tips_and_education: 'Tip',
};

const PLAN_STATES: Readonly<Record<SubscriptionStatus, string>> = {
  none: 'Free, nothing to pay',
  incomplete: 'The payment was not finished',
  incomplete_expired: 'The payment was not finished, and has expired',
  trialing: 'On trial',
  active: 'Active',
  past_due: 'A payment failed: the card is being tried again',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  paused: 'Paused',
};

/** The source plugins' settings, named as their dialogs name them. */
const PLUGIN_FIELDS: Readonly<Record<string, string>> = {
  phoneNumber: 'Phone number',
  emailAddress: 'Email address',
  host: 'Mail server',
  port: 'Port',
  secure: 'Secure connection',
  username: 'User name',
  workspaceName: 'Workspace',
  channelName: 'Channel',
  manualMode: 'Manual mode',
  platform: 'Platform',
};

const onOff = (on: boolean) => (on ? 'On' : 'Off');
/** A switch that is on but has nothing to work on says so, in plain words. */
const onBut = (on: boolean, but: string | null) => (on && but ? `On, but ${but}` : onOff(on));
const yesNo = (yes: boolean) => (yes ? 'Yes' : 'No');
const fieldValue = (value: MyDataPlugin['configuration'][string]) => (typeof value === 'boolean' ? yesNo(value) : shown(String(value)));

/** `n` things in words: '1 scan', '3 scans'. */
const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A time zone in plain words: 'London time (Europe/London)'. */
export function zoneInWords(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'universal time (UTC, the same as London time in winter)';
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return `${city} time (${timeZone})`;
}

/** A definition list of facts (already HTML). */
const facts = (rows: ReadonlyArray<readonly [string, string] | null>, kind = 'facts') =>
  `<dl class="${kind}">${rows
    .filter((row) => row !== null)
    .map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`)
    .join('')}</dl>`;

/** A list (reasons, recommendations), each item with what it means in plain words when it is one of the spec's terse reasons. */
const bulleted = (items: readonly string[], className?: string) =>
  `<ul${className ? ` class="${className}"` : ''}>${items
    .map((item) => {
      const plain = plainWordsFor(item);
      return `<li>${shown(item)}${plain ? `<br><span class="meaning">${escapeHtml(plain)}</span>` : ''}</li>`;
    })
    .join('')}</ul>`;

/**
 * Why a scan got its verdict, grouped as the app groups it: the strong signs, then the others,
 * then the smaller signs. A safe verdict lists only what is worth knowing.
 */
function why(safe: boolean, labels: readonly string[], details: readonly Reason[]): string {
  const NONE = '<p class="label">Why:</p><p class="none">No warning signs were found.</p>';
  if (details.length === 0) return labels.length === 0 ? NONE : `<p class="label">Why:</p>${bulleted(labels)}`;
  const by = (severity: Reason['severity']) => details.filter((r) => r.severity === severity).map((r) => r.label);
  const [high, medium, low] = [by('high'), by('medium'), by('low')];
  if (safe) {
    const worth = [...high, ...medium];
    return worth.length === 0 ? NONE : `<p class="label">Not enough to call it suspicious, but worth knowing:</p>${bulleted(worth)}`;
  }
  return (
    (high.length > 0 ? `<p class="label">Strong warning signs:</p>${bulleted(high)}` : '') +
    (medium.length > 0 ? `<p class="label">${high.length > 0 ? 'Other warning signs' : 'Warning signs'}:</p>${bulleted(medium)}` : '') +
    (low.length > 0 ? `<p class="label small">${high.length + medium.length > 0 ? 'Smaller signs' : 'Small signs'}:</p>${bulleted(low, 'small')}` : '')
  );
}

/** Each list's section: its heading, what it holds, and what an empty one says. */
const LISTS: Readonly<Record<MyDataListName, { id: string; title: string; lead: string; empty: string; count: (n: number) => string; bare?: true }>> = {
  history: {
    id: 'scans',
    title: 'Scans',
    lead: 'Every message and link you checked that is kept in your history, newest first, each with its verdict and the reasons for it.',
    empty: 'No scans are kept.',
    count: (n) => `${counted(n, 'scan')} in all.`,
  },
  deviceScanVerdicts: {
    id: 'device-scans',
    title: 'Scans checked on your device',
    lead: 'Only the verdict of these scans was sent to Baitcheck: the messages themselves never left your device.',
    empty: 'None.',
    count: (n) => `${counted(n, 'scan')} checked on your device.`,
    bare: true,
  },
  reports: {
    id: 'reports',
    title: 'Reports',
    lead: 'Messages you reported to us as a scam, and results you told us were wrong, each with the copy of the message kept with it.',
    empty: 'You have not reported anything.',
    count: (n) => `${counted(n, 'report')} in all.`,
  },
  blockedSenders: {
    id: 'blocked-senders',
    title: 'Blocked senders',
    lead: 'When you check a message from one of these senders, Baitcheck warns you. Baitcheck can’t stop their messages reaching your phone: block them in your messages, WhatsApp or email app too.',
    empty: 'You have not blocked anyone.',
    count: (n) => `${counted(n, 'blocked sender')}.`,
    bare: true,
  },
  notifications: {
    id: 'alerts',
    title: 'Alerts',
    lead: 'The alerts Baitcheck gave you (the bell at the top of the app), read or not, newest first.',
    empty: 'No alerts.',
    count: (n) => `${counted(n, 'alert')} in all.`,
    bare: true,
  },
  supportRequests: {
    id: 'support-requests',
    title: 'Support requests',
    lead: 'What you sent us through Contact Support, as you sent it.',
    empty: 'You have not sent any support requests.',
    count: (n) => `${counted(n, 'request')} in all.`,
  },
};

/**
 * The readable copy, written as the data is read: its head (title, when and for whom, the plain
 * words about it, the account, plan and preferences), then each list as a section, then the line
 * that says it is complete, written only when it is. Dates and times are in `timeZone`.
 */
export function createHtmlEncoder(options: { timeZone: string }): ExportEncoder {
  const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone });
  const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: options.timeZone });
  /** A stored time as a `<time>`, its words in the person's time zone. */
  const at = (iso: string | null, withTime = true) => {
    const date = iso === null ? null : new Date(iso);
    if (date === null || Number.isNaN(date.getTime())) return '<span class="none">unknown</span>';
    return `<time datetime="${escapeHtml(date.toISOString())}">${escapeHtml((withTime ? dateTime : dateOnly).format(date))}</time>`;
  };
  let head: MyDataHead | null = null;
  /** Scans whose sender hid a direction character, by id: an alert about one shows it as the scan does (the alert's words dropped it). */
  const hiddenSenders = new Map<string, string>();
  /**
   * An alert's words, its scan's sender in them as the scan shows it: the alert's words dropped the
   * hidden characters ('Amazon\u202Etxt.exe' became 'Amazontxt.exe'); failing that, the sender after them.
   */
  const alertText = (text: string, messageId: string | null, noteIfNotFound = true) => {
    const from = messageId === null ? undefined : hiddenSenders.get(messageId);
    if (from === undefined) return shown(text);
    const dropped = oneLine(from);
    const where = dropped === '' ? -1 : text.indexOf(dropped);
    if (where < 0) return text === '' || !noteIfNotFound ? shown(text) : `${shown(text)} <span class="when">(The sender as it came: ${sender(from)})</span>`;
    return `${shown(text.slice(0, where))}<bdi>${shown(oneLine(revealHidden(from)))}</bdi>${shown(text.slice(where + dropped.length))}`;
  };

  const accountSection = ({ account, subscription }: MyDataHead) => {
    const plan = PLANS[subscription.plan].name;
    const paid = subscription.plan !== 'basic';
    const periodEnd = subscription.currentPeriodEnd ? (subscription.cancelAtPeriodEnd ? `Ends on ${at(subscription.currentPeriodEnd, false)}` : `Renews on ${at(subscription.currentPeriodEnd, false)}`) : null;
    return `<section id="account"><h2>Account and plan</h2>${facts([
      ['Account', account.kind === 'account' && account.email ? shown(account.email) : 'A guest, without an account: the data of this browser'],
      [account.kind === 'account' ? 'Made on' : 'First visit', at(account.createdAt, false)],
      ['Plan', escapeHtml(paid ? plan : `${plan} (free)`)],
      paid || subscription.status !== 'none' ? ['State', escapeHtml(PLAN_STATES[subscription.status])] : null,
      periodEnd ? ['Period', periodEnd] : null,
      subscription.refundableUntil ? ['Money back', `You can ask for your money back until ${at(subscription.refundableUntil, false)}`] : null,
      subscription.moneyBackUsed ? ['Money back', 'The money-back guarantee has been used on this account'] : null,
      paid && subscription.provider === 'test' ? ['Payments', 'Test payments on this server: no card is charged'] : null,
    ])}</section>`;
  };

  const preferencesSection = ({ notificationPreferences: prefs, protectionSettings: protection, plugins, pushDevices, subscription }: MyDataHead) => {
    const connected = (id: MyDataPlugin['id']) => plugins.some((p) => p.id === id && p.connected);
    const basic = subscription.plan === 'basic';
    const PASTED = 'nothing is connected: only messages you paste in are checked';
    const group = (title: string, rows: ReadonlyArray<readonly [string, string]>) => `<div class="group"><h3>${title}</h3>${facts(rows, 'facts settings')}</div>`;
    return (
      `<section id="preferences"><h2>Preferences</h2>` +
      group('Protection', [
        ['SMS Protection', onBut(protection.smsProtection, connected('sms') ? null : PASTED)],
        ['Email Protection', onBut(protection.emailProtection, connected('email') ? null : PASTED)],
        ['Social Media Protection', onBut(protection.socialMediaProtection, basic ? 'it is not in your plan' : connected('social-media') ? null : PASTED)],
        ['On-Device Scanning', onBut(protection.onDeviceScanning, basic ? 'it is not in your plan' : null)],
      ]) +
      group('Alerts you get', [
        ['Phishing Alerts', onOff(prefs.types.phishing_alerts)],
        ['Security Updates', onOff(prefs.types.security_updates)],
        ['Suspicious Content', onOff(prefs.types.suspicious_content)],
        ['Tips and Education', onOff(prefs.types.tips_and_education)],
        ['Sensitivity', `${prefs.sensitivity} of 5 (1 gives the fewest alerts, 5 the most)`],
      ]) +
      group('Where alerts go', [
        ['Push Notifications', onBut(prefs.channels.push, pushDevices.length === 0 ? 'no device is set up to get them: alerts show only in the app' : null)],
        ['Email', onOff(prefs.channels.email)],
        ['SMS', onOff(prefs.channels.sms)],
      ]) +
      `</section>`
    );
  };

  const plugin = (p: MyDataPlugin) =>
    `<article class="item"><h3>${escapeHtml(PLUGIN_CATALOGUE[p.id].name)}</h3>${facts([
      ['Switched on', yesNo(p.enabled)],
      ['Connected', p.connected ? `Yes, since ${at(p.connectedAt)}` : 'No'],
      ...Object.entries(p.configuration).map(([field, value]) => [escapeHtml(PLUGIN_FIELDS[field] ?? field), fieldValue(value)] as const),
      p.problem ? ['Problem', shown(p.problem)] : null,
      ['Messages checked', `${p.scanned.toLocaleString('en-US')}${p.lastMessageAt ? `, the last on ${at(p.lastMessageAt)}` : ''}`],
    ])}</article>`;

  const device = (d: MyDataPushDevice) => {
    const what = d.kind === 'web' ? `A web browser${d.service ? `, reached through ${shown(d.service)}` : ''}` : d.kind === 'ios' ? 'The iPhone or iPad app' : 'The Android app';
    return `<li>${what}. <span class="when">Added on ${at(d.registeredAt)}${d.lastSuccessAt ? `; the last alert reached it on ${at(d.lastSuccessAt)}` : ''}.</span></li>`;
  };

  /** What is read before the lists but shown among them: sources, devices and family, before the support requests. */
  const settingsSections = ({ plugins, pushDevices, family }: MyDataHead) =>
    `<section id="sources"><h2>Sources</h2><p class="lead">The sources you connected, whose messages are checked as they arrive, with their settings. Passwords and sign-in tokens are never in this copy.</p>${
      plugins.length === 0 ? '<p class="none">You have not connected any sources.</p>' : plugins.map(plugin).join('')
    }</section>` +
    `<section id="devices"><h2>Devices that get your alerts</h2><p class="lead">Where alerts are pushed to. Their keys are never in this copy.</p>${
      pushDevices.length === 0 ? '<p class="none">No devices.</p>' : `<ul class="plain">${pushDevices.map(device).join('')}</ul>`
    }</section>` +
    `<section id="family"><h2>Family</h2>${
      family === null
        ? '<p class="none">You are not in a family.</p>'
        : family.role === 'manager'
          ? `<p>You manage <bdi>${shown(family.name)}</bdi>, since ${at(family.foundedAt, false)}. You stated that you are 18 or over on ${at(family.adultConfirmedAt, false)}.</p><p class="lead">The other members’ data is theirs, and is not in this copy.</p>`
          : `<p>You are a member of <bdi>${shown(family.name)}</bdi>, since ${at(family.joinedAt, false)}. ${family.protectionManaged ? 'Your family’s manager sets your protection switches.' : 'You set your own protection switches.'}</p>`
    }</section>`;

  const rows: { [K in MyDataListName]: (row: MyDataLists[K]) => string } = {
    history: (m) => {
      const link = m.kind === 'url';
      if (!link && revealHidden(m.sender) !== m.sender && hiddenSenders.size < 1000) hiddenSenders.set(m.id, m.sender);
      return (
        `<article class="item"><h3>${verdict(m.threatLevel)} ${at(m.scanDate)}</h3>` +
        facts([
          ['Verdict', `${VERDICTS[m.threatLevel].label}: ${VERDICTS[m.threatLevel].meaning}`],
          ['Checked', link ? 'A link' : 'A message'],
          ['Came by', CHANNELS[m.source]],
          link ? null : ['Sender', sender(m.sender)],
        ]) +
        `<p class="label">${link ? 'The link (it does not work here, on purpose):' : 'The message, in full:'}</p>${quote(m.content)}` +
        why(m.threatLevel === 'safe', m.threatDetails.reasons, m.threatDetails.reasonDetails) +
        (m.threatDetails.recommendations.length > 0 ? `<p class="label">What to do:</p>${bulleted(m.threatDetails.recommendations)}` : '') +
        `</article>`
      );
    },
    deviceScanVerdicts: (d) => `<li>${verdict(d.threatLevel)} ${at(d.scannedAt)}</li>`,
    reports: (r) =>
      `<article class="item"><h3>${r.kind === 'false_positive' ? 'You told us this result was wrong' : 'You reported this as a scam'} ${at(r.createdAt)}</h3>` +
      facts([
        ['Our verdict then', r.threatLevel ? VERDICTS[r.threatLevel].label : 'None'],
        ['Came by', CHANNELS[r.source]],
        ['Sender', sender(r.sender)],
        ['Your note', r.note.trim() === '' ? '<span class="none">No note</span>' : shown(r.note)],
      ]) +
      `<p class="label">The message, in full:</p>${quote(r.content)}</article>`,
    blockedSenders: (b) => `<li>${sender(b.sender)} <span class="when">blocked on ${at(b.createdAt)}</span></li>`,
    notifications: (n) =>
      `<li><strong>${alertText(n.title, n.messageId, false)}</strong> <span class="when">${escapeHtml(ALERT_TYPES[n.type])}, ${at(n.createdAt)}, ${n.readAt ? 'read' : 'not read yet'}${n.count > 1 ? `, about ${counted(n.count, 'message')}` : ''}</span><br>${alertText(n.body, n.messageId)}</li>`,
    supportRequests: (s) =>
      `<article class="item"><h3><span>${shown(s.subject)}</span> ${at(s.createdAt)}</h3>` +
      facts([
        ['Type', escapeHtml(SUPPORT_ISSUE_TYPE_LABELS[s.issueType])],
        ['Name', shown(s.name)],
        ['Email', shown(s.email)],
        ['Plan then', escapeHtml(`${PLANS[s.plan].name}${s.priority ? ', answered first (priority support)' : ''}`)],
      ]) +
      `<p class="label">Your message:</p>${quote(s.message)}</article>`,
  };

  return {
    lists: ['history', 'deviceScanVerdicts', 'reports', 'blockedSenders', 'notifications', 'supportRequests'],

    begin(h) {
      head = h;
      const made = at(h.exportedAt);
      const whose = h.account.kind === 'account' && h.account.email ? `the account <bdi>${shown(h.account.email)}</bdi>` : 'a guest of this browser (no account)';
      return (
        `<!DOCTYPE html>\n<html lang="en"><head>` +
        `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(MY_DATA_HTML_CSP)}">` +
        `<meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        // phone numbers and addresses in a scam stay text on phones too
        `<meta name="format-detection" content="telephone=no, email=no, address=no, date=no">` +
        `<meta name="referrer" content="no-referrer">` +
        `<meta name="robots" content="noindex">` +
        `<title>Your Baitcheck data, ${escapeHtml(dateOnly.format(new Date(h.exportedAt)))}</title>` +
        `<style>${STYLE}</style></head>\n<body><main>` +
        `<h1>Your Baitcheck data</h1>` +
        `<p class="made">Made on ${made} for ${whose}. Times are shown in ${escapeHtml(zoneInWords(options.timeZone))}.</p>` +
        `<p>This is everything Baitcheck keeps about you: your account and plan, your settings, every scan in your history with its message in full and the reasons for its verdict, your reports, blocked senders and alerts, the sources and devices you connected, your family and your support requests. It is yours to read, print or keep.</p>` +
        `<p>The same data also comes as a data file (Download a data file, on the Account page), for moving it to another service.</p>` +
        `<p class="note">The messages below are shown exactly as they came, as plain text: their links do not work here, on purpose. Do not type them into a browser or call the numbers in them. Where a message or sender hid a character that turns text around, it shows as [hidden character].</p>` +
        `<p class="cut" role="note">A whole copy ends with a line that says it is complete. If this one does not, the download was cut short and some of your data is missing: download it again from the Account page.</p>` +
        accountSection(h) +
        preferencesSection(h) +
        '\n'
      );
    },

    beginList(name) {
      const list = LISTS[name];
      const before = name === 'supportRequests' && head ? settingsSections(head) : '';
      return `${before}<section id="${list.id}"><h2>${list.title}</h2><p class="lead">${list.lead}</p>\n`;
    },

    row(name, row, index) {
      const html = (rows[name] as (row: MyDataLists[typeof name]) => string)(row);
      return `${LISTS[name].bare && index === 0 ? '<ul class="plain">' : ''}${html}\n`;
    },

    endList(name, count) {
      const list = LISTS[name];
      if (count === 0) return `<p class="none">${list.empty}</p></section>\n`;
      return `${list.bare ? '</ul>' : ''}<p class="count">${list.count(count)}</p></section>\n`;
    },

    complete: () => `<p id="complete" class="complete">This copy is complete: it holds everything Baitcheck kept about you when it was made.</p></main></body></html>\n`,
  };
}

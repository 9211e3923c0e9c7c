import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASIC_SCANS_PER_DAY,
  FAMILY_INVITATION_DAYS,
  FAMILY_MAX_MEMBERS,
  HELP_PAGE_IDS,
  KNOWLEDGE_BASE_CATEGORIES,
  MONEY_BACK_DAYS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLANS,
  SUPPORT_EMAIL_RESPONSE_HOURS,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
} from '@baitcheck/contracts';
import { describe, expect, it } from 'vitest';
import { GUEST_IDLE_MS, SESSION_TTL_MS } from '../modules/sessions/sessions.service.ts';
import { CONTENT_DIR, loadContent } from './load-content.ts';
import type { ContentArticle } from './types.ts';

/** The real folder, read afresh (not the process's shared copy): this is the test of what is committed. */
const content = loadContent();
const { articles } = content;
const byId = new Map(articles.map((a) => [a.id, a]));
const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything a reader of an article sees, in lower case: front matter text and body. */
function readable(id: string): string {
  const a = byId.get(id);
  if (!a) throw new Error(`no article ${id}`);
  return [a.title, a.summary, a.body].join('\n').toLowerCase();
}

/** The files of a folder, recursively, as ids. */
function idsOfFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => e.name.slice(0, -'.md'.length));
}

describe('the content folder', () => {
  it('loads: one article per file, named by its id', () => {
    expect(articles.length).toBeGreaterThanOrEqual(75);
    expect(articles.map((a) => a.id).sort()).toEqual(idsOfFiles(join(CONTENT_DIR, 'articles')).sort());
  });

  it('has several articles in every Knowledge Base tab', () => {
    for (const category of KNOWLEDGE_BASE_CATEGORIES) {
      expect(articles.filter((a) => a.category === category).length, category).toBeGreaterThanOrEqual(5);
    }
  });

  it.each([
    // the specification's five built-in articles, by topic
    ['how to spot a smishing text', 'smishing-text-scams', 'Security'],
    ['what to do after clicking a suspicious link', 'after-clicking-a-link', 'How-To'],
    ['how to report a scam', 'report-scams-us', 'How-To'],
    ['setting up plugins', 'baitcheck-source-plugins', 'General'],
    ['billing', 'baitcheck-plans-and-prices', 'Billing'],
    // and what the product needs
    ['how Baitcheck decides', 'baitcheck-verdicts', 'General'],
    ['how to scan', 'baitcheck-how-to-scan', 'How-To'],
    ['enhanced scanning and privacy', 'baitcheck-enhanced-scan-privacy', 'General'],
    ['history and deleting scans', 'baitcheck-history-retention', 'Account'],
    ['your account', 'baitcheck-accounts', 'Account'],
    ['changing your password', 'baitcheck-change-password', 'Account'],
    ['deleting your data', 'baitcheck-delete-your-data', 'Account'],
    ['upgrading', 'baitcheck-upgrade', 'Billing'],
    ['cancelling and the refund', 'baitcheck-cancel-and-refund', 'Billing'],
    ['a failed payment', 'baitcheck-payment-failed', 'Billing'],
    ['scan limits', 'baitcheck-scan-limits', 'Billing'],
    ['the Family plan', 'baitcheck-family-plan', 'Account'],
    ['the Family Dashboard', 'baitcheck-family-dashboard', 'Account'],
    ['on-device scanning', 'baitcheck-on-device-scanning', 'General'],
    ['contacting support', 'baitcheck-contact-support', 'General'],
  ])('has an article on %s (%s, under %s)', (_topic, id, category) => {
    expect(byId.get(id)?.category).toBe(category);
  });

  it('lists the articles people look for first at the top of their tab', () => {
    const first = (category: string) => articles.find((a) => a.category === category)?.id;
    expect(first('Security')).toBe('smishing-text-scams');
    expect(first('How-To')).toBe('baitcheck-how-to-scan');
    expect(first('General')).toBe('baitcheck-verdicts');
    expect(first('Account')).toBe('baitcheck-accounts');
    expect(first('Billing')).toBe('baitcheck-plans-and-prices');
  });

  it('cites well-formed https sources, each once, and at least one for all advice that is not about Baitcheck itself', () => {
    for (const a of articles) {
      for (const s of a.sources) {
        expect(s.name.trim(), a.id).not.toBe('');
        expect(new URL(s.url).protocol, `${a.id}: ${s.url}`).toBe('https:');
      }
      const urls = a.sources.map((s) => s.url);
      expect(new Set(urls).size, a.id).toBe(urls.length);
      // Report Fraud replaced Action Fraud: the old page is not cited beside it
      expect(urls, a.id).not.toContain('https://www.actionfraud.police.uk/');
      if (a.kind !== 'product') expect(a.sources.length, a.id).toBeGreaterThan(0);
    }
  });

  it('offers to call only numbers the article writes, dialled as written', () => {
    const withCalls = articles.filter((a) => (a.calls?.length ?? 0) > 0);
    expect(withCalls.length).toBeGreaterThanOrEqual(3);
    for (const a of withCalls) {
      const text = [a.summary, ...a.steps].join('\n');
      for (const c of a.calls ?? []) expect(text, `${a.id}: ${c.number}`).toContain(c.number);
    }
    expect(byId.get('report-scams-uk')?.calls?.map((c) => c.dial)).toEqual(['159', '+443001232040', '101']);
  });

  it('holds all three help pages, each titled and dated', () => {
    for (const id of HELP_PAGE_IDS) {
      const page = content.pages.get(id);
      expect(page, id).toBeDefined();
      expect(page!.title.trim(), id).not.toBe('');
      expect(page!.updated, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(page!.body.trim().length, id).toBeGreaterThan(200);
    }
  });
});

describe('the articles about Baitcheck say what the product does', () => {
  const price = (id: 'premium' | 'family') => `$${PLANS[id].price.toFixed(2)}`;

  it('gives the plans, prices and members of the plans', () => {
    const plans = readable('baitcheck-plans-and-prices');
    expect(plans).toContain(`${price('premium')} a month`);
    expect(plans).toContain(`${price('family')} a month`);
    expect(plans).toContain(`up to ${FAMILY_MAX_MEMBERS} members`);
    for (const p of Object.values(PLANS)) expect(plans).toContain(`${p.retentionDays} days`);
    expect(plans).toContain(`${BASIC_SCANS_PER_DAY} scans a day`);
    expect(plans).toContain(`${MONEY_BACK_DAYS}-day money-back guarantee`);
    // on-device scanning is the paid plans', and location sharing is not promised
    expect(plans).toMatch(/on-device scanning[^.]*part of premium and family/);
    expect(plans).toContain('location sharing is not offered');
  });

  it('never says paying is impossible or promises the 15 scans a day of the old help article', () => {
    const all = articles.map((a) => readable(a.id)).join('\n');
    expect(all).not.toMatch(/upgrades are not available|nothing is charged|everyone is on the free/);
    expect(all).not.toMatch(/15 scans/);
  });

  it('gives the history kept by each plan', () => {
    const history = readable('baitcheck-history-retention');
    for (const p of Object.values(PLANS)) expect(history).toContain(`${p.retentionDays} days on ${p.name.toLowerCase()}`);
  });

  it('gives the daily scan limit of the free plan, and none on the paid plans', () => {
    const limits = readable('baitcheck-scan-limits');
    expect(limits).toContain(`${BASIC_SCANS_PER_DAY} scans a day`);
    expect(limits).toContain('premium and family have unlimited scans');
    expect(PLANS.premium.scansPerDay).toBeNull();
  });

  it('gives the money-back guarantee as Manage Subscription offers it', () => {
    const cancel = readable('baitcheck-cancel-and-refund');
    expect(cancel).toContain(`within ${MONEY_BACK_DAYS} days of your first payment`);
    expect(cancel).toContain('manage subscription');
    expect(cancel).toContain('cancel and get a refund');
    expect(cancel).toContain('cancel at the end of the period');
    expect(cancel).toContain('once per account');
  });

  it('says what a family manager sees, and never message contents', () => {
    const dashboard = readable('baitcheck-family-dashboard');
    expect(dashboard).toContain('date, channel and threat level');
    expect(dashboard).toContain('never what a message says, who sent it or its link');
    const family = readable('baitcheck-family-plan');
    expect(family).toContain(`up to ${FAMILY_MAX_MEMBERS - 1} people`);
    expect(family).toContain(`for ${FAMILY_INVITATION_DAYS} days`);
    expect(family).toContain('18 or over');
  });

  it('gives the account rules: password length, no reset by email, deleting the account on the Account page', () => {
    expect(readable('baitcheck-accounts')).toContain(`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
    expect(readable('baitcheck-change-password')).toContain('no password reset by email yet');
    const deleting = readable('baitcheck-delete-your-data');
    expect(deleting).toContain('delete my account');
    expect(deleting).toContain('download my data');
    expect(deleting).toContain(`${SESSION_TTL_MS / DAY_MS} days`);
    expect(deleting).toContain(`after ${GUEST_IDLE_MS / DAY_MS} days`);
  });

  it('says what on-device scanning sends (the verdict and date only), that plugins need an account and that the social feed is simulated', () => {
    const onDevice = readable('baitcheck-on-device-scanning');
    expect(onDevice).toContain('never sent to baitcheck');
    expect(onDevice).toContain('only the verdict and the date');
    const plugins = readable('baitcheck-source-plugins');
    expect(plugins).toContain('account');
    expect(plugins).toMatch(/simulat|demonstration/);
    expect(readable('connect-your-email-inbox')).toContain('app password');
  });

  it('says a basic scan sends nothing and an enhanced one never sends the message text', () => {
    const privacy = readable('baitcheck-enhanced-scan-privacy');
    expect(privacy).toMatch(/basic scan .*sends nothing/);
    expect(privacy).toContain('never the text of your message');
  });

  it('gives the support hours, the answer time, priority support and that Live Chat is not a person', () => {
    const support = readable('baitcheck-contact-support');
    expect(support).toContain('monday to friday 9:00 to 17:00 est');
    expect(support).toContain('saturday 10:00 to 14:00 est');
    expect(support).toContain('closed on sunday');
    expect(support).toContain(`about ${SUPPORT_EMAIL_RESPONSE_HOURS} hours`);
    expect(support).toContain(`${SUPPORT_MESSAGE_MIN_LENGTH} to ${SUPPORT_MESSAGE_MAX_LENGTH} characters`);
    expect(support).toContain('premium and family are answered first');
    expect(support).toContain('automated preview');
    expect(support).toContain('not a person');
  });

  it('links the app pages it names', () => {
    const linksOf = (a: ContentArticle) => [...a.body.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]);
    expect(linksOf(byId.get('baitcheck-contact-support')!)).toEqual(expect.arrayContaining(['/contact-support', '/live-chat']));
    expect(linksOf(byId.get('baitcheck-plans-and-prices')!)).toContain('/subscription');
    expect(linksOf(byId.get('smishing-text-scams')!)).toContain('/knowledge-base?article=after-clicking-a-link');
  });
});

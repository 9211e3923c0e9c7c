/**
 * A link to a domain registered in the last {@link NEW_DOMAIN_DAYS} days, as the server found in
 * the registry (RDAP: `options.intel.domainCreated`, against `options.now`; the engine reads no
 * clock). Phishing sites live for days; a bank, a shop or a parcel carrier does not send you to
 * a domain born last week.
 */
import { fact, type LinkRule } from '../types';

/** A domain younger than this many days is new. */
export const NEW_DOMAIN_DAYS = 30;

const DAY_MS = 86_400_000;

/** Days between two ISO 8601 instants, or null when either is unreadable. */
function daysBetween(from: string, to: string): number | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return Number.isFinite(a) && Number.isFinite(b) ? (b - a) / DAY_MS : null;
}

/** Fires when the link's registrable domain was registered less than 30 days before `now`; the facts are the domain and its age. */
export const newDomain: LinkRule = {
  scope: 'link',
  id: 'new-domain',
  label: `Link goes to a website registered in the last ${NEW_DOMAIN_DAYS} days`,
  severity: 'high',
  category: 'new-domain',
  detect(link, ctx) {
    const created = ctx.options.intel?.domainCreated;
    const now = ctx.options.now;
    const domain = link.registrableDomain;
    if (domain === null || created === null || typeof created !== 'object' || typeof now !== 'string') return null;
    const when = Object.prototype.hasOwnProperty.call(created, domain) ? created[domain] : undefined;
    if (typeof when !== 'string') return null;
    const days = daysBetween(when, now);
    // a registration "in the future" is a clock or registry error, not evidence
    if (days === null || days < -1 || days >= NEW_DOMAIN_DAYS) return null;
    const age = Math.max(0, Math.floor(days));
    return [fact(domain), fact(age === 0 ? 'registered today' : age === 1 ? 'registered 1 day ago' : `registered ${age} days ago`)];
  },
};

/**
 * Source-specific clean-up of the traps the data notes (`../shared/data/README.md`) name, applied
 * to a published row before it becomes a record. A trap here is something only one class of one
 * set carries (a collector's address, a tag, a crawl artefact): a model would learn the set, not
 * the scam. Each change is listed in `data/SOURCES.md`.
 */

/** Static resources a crawler fetched while visiting a page: not pages anyone is sent to. */
const CRAWLED_RESOURCE = /\.(?:svg|js|css|png|jpe?g|gif|ico|webp|woff2?|ttf|eot|xml|json|txt|map|pdf)$/i;

/** The CSDMC2010 collector's names: `csmining.org` (the obfuscation domain) and `hibody` (its mailbox). */
const CSDMC_DOMAIN = /csmining\.org\b/i;
/** A percent-encoded address (`mlsubscriber.tech%40csmining.org`, in list footers' links). */
const ENCODED_ADDRESS = /[\w.+-]+%40[\w-]+(?:\.[\w-]+)+/gi;

function pathOf(url: string): string {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = rest.search(/[/?#]/);
  return slash < 0 ? '' : rest.slice(slash).replace(/[?#].*$/, '');
}

/**
 * The row as training and evaluation should see it, or `null` to leave it out. Rows of sets
 * without traps are returned unchanged.
 */
export function cleanRow(set: string, row: Record<string, unknown>): Record<string, unknown> | null {
  switch (set) {
    case 'csdmc2010_spam_2010': {
      // The collector's address (hibody@csmining.org) was the recipient of every spam: its
      // mailbox name greets 326 spam rows and no ham ("Hey hibody"), its domain is the sender of
      // 594 rows and is in list footers, far more in ham. Both go, like Nazario's [USER].
      const scrub = (s: unknown) =>
        typeof s === 'string'
          ? s
              .replace(ENCODED_ADDRESS, '[EMAIL]')
              .replace(/\b(?:www\.)?csmining\.org\b/gi, '')
              .replace(/\bhibody\b/gi, '')
              .replace(/[ \t]{2,}/g, ' ')
          : s;
      const sender = typeof row.sender_domain === 'string' && CSDMC_DOMAIN.test(row.sender_domain) ? '' : row.sender_domain;
      return { ...row, subject: scrub(row.subject), text: scrub(row.text), sender_domain: sender };
    }
    case 'indonesian_sms_spam_2015_2016': {
      // A few operator notices start with a delivery timestamp or a [PROMO] tag, which only that
      // class has.
      const text = typeof row.text === 'string' ? row.text.replace(/^(?:\[PROMO\]\s*|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.?\s*)/i, '') : row.text;
      return { ...row, text };
    }
    case 'segphish_urls_2021': {
      // About 1,900 benign rows are resources a crawler fetched (`.svg`, `.js`, `wlwmanifest.xml`),
      // not pages: with them a path ending in a file name would read as benign.
      if (row.label === 'benign' && typeof row.url === 'string' && CRAWLED_RESOURCE.test(pathOf(row.url))) return null;
      return row;
    }
    default:
      return row;
  }
}

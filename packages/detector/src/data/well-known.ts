/**
 * The well-known-domain list as the engine uses it: the generated list
 * (`well-known-domains-generated.ts`, `npm run lists`; dots written as spaces) plus the
 * hand-curated `well-known-extra.ts`, as a set, without any domain that is a
 * hosting platform or a shortener (filtered again here, so a platform added to
 * `hosting-platforms.ts` leaves the list without regenerating it).
 */
import { HOSTING_PLATFORMS } from './hosting-platforms';
import { SHORTENER_DOMAINS } from './shorteners';
import { WELL_KNOWN_DOMAINS_TEXT } from './well-known-domains-generated';
import { WELL_KNOWN_EXTRA } from './well-known-extra';

/** How many of the most popular domains are look-alike targets for typosquats. */
export const TOP_DOMAIN_COUNT = 1500;

const ALL: readonly string[] = WELL_KNOWN_DOMAINS_TEXT.length === 0
  ? []
  : WELL_KNOWN_DOMAINS_TEXT.replace(/ /g, '.')
      .split('\n')
      .filter((d) => !HOSTING_PLATFORMS.has(d) && !SHORTENER_DOMAINS.has(d));

/** Registrable domains of popular ordinary websites (generated list and hand-curated additions). */
export const WELL_KNOWN_DOMAINS: ReadonlySet<string> = new Set([...ALL, ...WELL_KNOWN_EXTRA.filter((d) => !HOSTING_PLATFORMS.has(d))]);

/** The {@link TOP_DOMAIN_COUNT} most popular of them, most popular first. */
export const TOP_DOMAINS: readonly string[] = ALL.slice(0, TOP_DOMAIN_COUNT);

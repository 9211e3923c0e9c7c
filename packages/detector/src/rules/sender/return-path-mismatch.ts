/**
 * An email sent with an envelope (Return-Path, where bounces go) of another domain than its From
 * address, and with no DKIM signature of the From domain to vouch for it.
 */
import { parse } from 'tldts';
import { isOfficialDomain } from '../../brand-match';
import { BRANDS } from '../../data/brands';
import { fact, type MessageRule } from '../types';

/** A result word in lower case, '' when absent or not a string. */
function word(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** The domain of an address (or a bare domain), lower-case, without `<>`. */
function domainOf(address: string): string {
  const bare = address.trim().replace(/^<|>$/g, '');
  return bare.slice(bare.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
}

/** The registrable domain of `domain` (public-suffix list), or the domain itself when the suffix is unknown. */
function registrableOf(domain: string): string {
  const info = parse(domain, { allowPrivateDomains: true, extractHostname: false });
  return (info.isIcann === true || info.isPrivate === true) && info.domain !== null ? info.domain : domain;
}

/**
 * Fires when the Return-Path's registrable domain differs from the From address's (and they are
 * not one brand's domains, as amazon.com and amazonses.com) while DKIM did not pass aligned with
 * the From domain. Why the DKIM condition: legitimate bulk and transactional mail is sent through
 * an email provider whose bounce domain is the envelope (`bounces.sendgrid.net`,
 * `amazonses.com`, `mcsv.net`), so a mismatch alone is ordinary; what makes such mail
 * authentic is a DKIM signature by the From domain (the sender's own key, signed with its
 * provider's help), which DMARC then accepts. Without it, nothing ties the message to the From
 * domain, and the envelope shows it came from someone else's system. "Aligned" is the relaxed
 * DMARC sense: the signing domain (`dkimDomain`) has the From's registrable domain. A DMARC pass
 * stands for it too: with a mismatched envelope, SPF cannot be what aligned. Facts: the
 * Return-Path domain and the From domain.
 */
export const returnPathMismatch: MessageRule = {
  scope: 'message',
  id: 'return-path-mismatch',
  label: "Email was sent through another domain than the sender's, and no signature of the sender's domain vouches for it",
  severity: 'low',
  kinds: ['text'],
  detect(ctx) {
    const auth: unknown = ctx.options.intel?.emailAuth;
    if (auth === null || typeof auth !== 'object') return [];
    const a = auth as Record<string, unknown>;
    if (typeof a.fromDomain !== 'string' || typeof a.returnPath !== 'string') return [];
    const from = domainOf(a.fromDomain);
    const envelope = domainOf(a.returnPath);
    if (from === '' || envelope === '' || !a.returnPath.includes('@')) return [];
    const fromReg = registrableOf(from);
    if (registrableOf(envelope) === fromReg) return [];
    if (BRANDS.some((b) => isOfficialDomain(b, from) && isOfficialDomain(b, envelope))) return [];
    if (word(a.dmarc) === 'pass') return [];
    const signer = typeof a.dkimDomain === 'string' ? domainOf(a.dkimDomain) : '';
    if (word(a.dkim) === 'pass' && signer !== '' && registrableOf(signer) === fromReg) return [];
    return [fact(envelope), fact(from)];
  },
};

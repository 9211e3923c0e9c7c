/** A host with many levels of subdomains: "login.microsoftonline.com.secure.auth.example.top" pushes the real domain out of sight. */
import { fact, type LinkRule } from '../types';

/** Subdomain levels (besides `www`) from which a host counts as deeply nested. */
export const MANY_SUBDOMAINS = 3;

/**
 * Fires when the host has at least {@link MANY_SUBDOMAINS} labels in front of its registrable
 * domain (a leading `www` not counted). Fact: the count.
 */
export const manySubdomains: LinkRule = {
  scope: 'link',
  id: 'many-subdomains',
  label: 'Link has an unusually long chain of subdomains that hides the real website',
  severity: 'medium',
  category: 'obfuscated-url',
  detect(link) {
    const host = link.host;
    const reg = link.registrableDomain;
    if (host === null || reg === null || host.length <= reg.length) return null;
    const sub = host.slice(0, host.length - reg.length - 1).replace(/^www\d?\./, '');
    const levels = sub.split('.').length;
    return levels >= MANY_SUBDOMAINS ? [fact(`${levels} subdomain levels`)] : null;
  },
};

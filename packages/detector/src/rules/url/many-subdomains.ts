/** A host with many levels of subdomains: "login.microsoftonline.com.secure.auth.example.top" pushes the real domain out of sight. */
import { subdomainOf } from '../../links';
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
    const sub = subdomainOf(link);
    if (sub === '') return null;
    const levels = sub.split('.').length;
    return levels >= MANY_SUBDOMAINS ? [fact(`${levels} subdomain levels`)] : null;
  },
};

/** An `@` in a link's authority: everything before it is ignored, so "paypal.com@evil.example" goes to evil.example. */
import { fact, type LinkRule } from '../types';

/** Fires when the part between `scheme://` and the path contains `@`; the fact is the real host. */
export const atSignInUrl: LinkRule = {
  scope: 'link',
  id: 'at-sign-in-url',
  label: 'Link hides its real destination behind an @ sign',
  severity: 'high',
  category: 'obfuscated-url',
  detect(link) {
    if (!link.authority.includes('@')) return null;
    return [fact(link.host ?? link.authority.slice(link.authority.lastIndexOf('@') + 1))];
  },
};

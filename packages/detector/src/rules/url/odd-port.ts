/** A link with an explicit port: "https://secure-login.example:8443/". Ordinary websites use the standard ports. */
import { fact, type LinkRule } from '../types';

/** Fires when the link names a port other than the scheme's default (the URL parser drops :80 on http and :443 on https). Fact: the port. */
export const oddPort: LinkRule = {
  scope: 'link',
  id: 'odd-port',
  label: 'Link uses an unusual port number',
  severity: 'medium',
  category: 'obfuscated-url',
  detect(link) {
    return link.port === '' || link.host === null ? null : [fact(`port ${link.port}`)];
  },
};

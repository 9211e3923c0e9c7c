/** A link whose host is a bare IP address: real companies link to their domain names. */
import { fact, type LinkRule } from '../types';

/** Fires when the host is an IPv4 or IPv6 address (also hex or integer forms the URL parser reads as one). */
export const ipHost: LinkRule = {
  scope: 'link',
  id: 'ip-host',
  label: 'Link points to a bare IP address instead of a website name',
  severity: 'high',
  category: 'ip-host',
  detect(link) {
    return link.isIp && link.host !== null ? [fact(link.host)] : null;
  },
};

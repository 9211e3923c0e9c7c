/** A link whose host is a bare IP address: real companies link to their domain names. */
import { fact, type LinkRule } from '../types';

/** Wildcard DNS services whose names resolve to the address written in them ("45-137-21-9.sslip.io"). */
const IP_IN_NAME = /(?:^|\.)((?:\d{1,3}[.-]){3}\d{1,3})\.(?:sslip\.io|nip\.io|xip\.io|traefik\.me|localtest\.me)$/;

/**
 * Fires when the host is an IPv4 or IPv6 address (also hex or integer forms the URL parser reads
 * as one), or a wildcard-DNS name that is only an address in disguise ("1.2.3.4.nip.io").
 */
export const ipHost: LinkRule = {
  scope: 'link',
  id: 'ip-host',
  label: 'Link points to a bare IP address instead of a website name',
  severity: 'high',
  category: 'ip-host',
  detect(link) {
    if (link.host === null) return null;
    if (link.isIp) return [fact(link.host)];
    const m = IP_IN_NAME.exec(link.host);
    return m === null ? null : [fact(m[1]!.replace(/-/g, '.'))];
  },
};

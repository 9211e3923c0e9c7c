/** A link to a page on IPFS (through a web gateway): content-addressed pages that no host can take down, popular with phishing kits. */
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { fact, type LinkRule } from '../types';

/** An IPFS content id: CIDv0 ("Qm" + 44 base58) or CIDv1 base32 ("bafy...", "bafk..."). */
const CID = /(?:^|[./])(qm[1-9a-z]{44}|baf[a-z2-7]{50,})(?=[./?#]|$)/;
const IPFS_PATH = /^\/ip[fn]s\//;

/**
 * Fires when the link goes through an IPFS gateway (`data/hosting-platforms.ts`), has an
 * `/ipfs/` or `/ipns/` path, or carries an IPFS content id in its host. Fact: the gateway or host.
 */
export const ipfsLink: LinkRule = {
  scope: 'link',
  id: 'ipfs-link',
  label: 'Link opens a page stored on IPFS, often used to host phishing pages',
  severity: 'medium',
  category: 'ipfs',
  detect(link) {
    const host = link.host;
    if (host === null) return null;
    const platform = hostingPlatformOf(host, link.rest);
    if (platform?.kind === 'ipfs-gateway') return [fact(platform.platform)];
    if (IPFS_PATH.test(link.rest) || CID.test(host)) return [fact(host)];
    return null;
  },
};

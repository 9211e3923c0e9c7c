/** A folder named by a hash in the path: "/82b002758d12189931fc8bbc5ed5c438/", the per-victim folder phishing kits make. */
import type { Span } from '../../types';
import { fact, type LinkRule } from '../types';
import { wellKnownDomain } from './well-known-domain';

/** A path segment that is an MD5 or SHA-1 hex digest (32 or 40 hex digits with both letters and digits). */
const HASH_SEGMENT = /\/((?=[0-9a-f]*[a-f])(?=[a-f]*[0-9])(?:[0-9a-f]{40}|[0-9a-f]{32}))(?=\/|$|[?#])/i;

/**
 * Fires when a path segment of a link to a website that is not well known is a 32- or
 * 40-character hex digest. Kits copy themselves into a fresh hash-named folder for each visitor
 * so that reported links die alone; ordinary pages are named by words or short ids. (Download and
 * reset-password tokens of well-known sites are left alone.) Fact: the segment.
 */
export const hashFolderPath: LinkRule = {
  scope: 'link',
  id: 'hash-folder-path',
  label: 'Link leads into a folder named by a random code, the way phishing kits hide each copy',
  severity: 'medium',
  category: 'hacked-site',
  detect(link, ctx): Span[] | null {
    if (link.rest.length < 33) return null;
    const q = link.rest.search(/[?#]/);
    const path = (q === -1 ? link.rest : link.rest.slice(0, q)).slice(0, 1024);
    const m = HASH_SEGMENT.exec(path);
    if (m === null || m[1] === undefined || wellKnownDomain.detect(link, ctx) !== null) return null;
    return [fact(m[1].toLowerCase())];
  },
};

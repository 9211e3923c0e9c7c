/** A `data:` or `javascript:` link: the page or script is inside the link itself, a way to dodge website checks. */
import { fact, type LinkRule } from '../types';

/** Fires on links with the `data:` or `javascript:` scheme. Fact: the scheme and, for data, the media type. */
export const dataUri: LinkRule = {
  scope: 'link',
  id: 'data-uri',
  label: 'Link carries a hidden page or script instead of a website address',
  severity: 'high',
  category: 'obfuscated-url',
  detect(link) {
    if (link.scheme !== 'data' && link.scheme !== 'javascript') return null;
    const type = link.scheme === 'data' ? /^data:([a-z]+\/[a-z0-9.+-]+)?/i.exec(link.url)?.[1] : undefined;
    return [fact(`${link.scheme}:`), ...(type ? [fact(type.toLowerCase())] : [])];
  },
};

/** A host with punycode (`xn--`) labels: international characters that can imitate familiar letters. */
import { fact, type LinkRule } from '../types';

const PUNYCODE_LABEL = /(?:^|\.)xn--/;

/** Fires when any label of the host (as the URL parser encodes it) starts with `xn--`. */
export const punycodeHost: LinkRule = {
  scope: 'link',
  id: 'punycode-host',
  label: 'Link uses international look-alike characters in its address (punycode)',
  severity: 'medium',
  category: 'punycode',
  detect(link) {
    return link.host !== null && PUNYCODE_LABEL.test(link.host) ? [fact(link.host)] : null;
  },
};

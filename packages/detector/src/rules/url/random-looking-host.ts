/** A website name that looks machine-made: "krtmnxq.xyz", "r8d2kf.cc", "a1b2c3d4-secure.com". Scam sites are registered in bulk. */
import { fact, type LinkRule } from '../types';

const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{7,}/;
const HEX_RUN = /(?:^|-)(?=[a-f]*[0-9])(?=[0-9]*[a-f])[0-9a-f]{8,}(?:-|$)/;

/** Switches between a letter and a digit in `s` ("r8d2kf" has 4). */
function letterDigitSwitches(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) {
    const a = s.charCodeAt(i - 1);
    const b = s.charCodeAt(i);
    const da = a >= 48 && a <= 57;
    const db = b >= 48 && b <= 57;
    const la = a >= 97 && a <= 122;
    const lb = b >= 97 && b <= 122;
    if ((da && lb) || (la && db)) n++;
  }
  return n;
}

/** What makes a name look machine-made, or null. */
export function randomLooking(name: string): string | null {
  if (name.length < 4 || name.length > 63 || !/^[a-z0-9-]+$/.test(name)) return null;
  const letters = name.replace(/[^a-z]/g, '');
  if (letters.length >= 5 && !/[aeiouy]/.test(letters)) return 'no vowels';
  if (CONSONANT_RUN.test(name)) return 'unpronounceable';
  if (letterDigitSwitches(name) >= 3) return 'letters and digits mixed';
  if (HEX_RUN.test(name)) return 'hex string';
  return null;
}

/**
 * Fires when the name of the registrable domain (its label before the public suffix) looks
 * machine-made: no vowels, a run of seven consonants, letters and digits interleaved, or a hex
 * string. All-digit names are left alone (common and ordinary in China: 12306.cn). Facts: the
 * name and why.
 */
export const randomLookingHost: LinkRule = {
  scope: 'link',
  id: 'random-looking-host',
  label: "Link's website name looks randomly generated",
  severity: 'low',
  category: 'random-domain',
  detect(link) {
    const reg = link.registrableDomain;
    const suffix = link.publicSuffix;
    if (reg === null || suffix === null) return null;
    const name = reg.slice(0, reg.length - suffix.length - 1);
    const why = randomLooking(name);
    return why === null ? null : [fact(name), fact(why)];
  },
};

/** Sign-in or account words on a page of a hosting platform: "roibnhoodlogin-us.mystrikingly.com", "secure-verify-acc.web.app". */
import { hostingPlatformOf, ownerChosenPart } from '../../data/hosting-platforms';
import { fact, type LinkRule } from '../types';

/**
 * Words of a sign-in, verification or wallet page, matched inside the run-together labels page
 * owners choose ("kocinlogginxna", "walletrecovery-app"). `auth` only as a whole label part, not
 * inside "author". Not "support" or "update": documentation and blogs use them.
 */
const ACCOUNT_WORD =
  /log-?in|loggin|logon|sign-?in|signon|passw(?:or)?d|passcode|verif(?:y|ication)|validat(?:e|ion)|secure|account|unlock|recover|wallet|billing|webmail|airdrop|giveaway|(?:^|[.-])auth(?:[.-]|$)|authenticat/;

/** Sign-in words in the path of someone's page on a platform ("photo-album-share.netlify.app/login"). */
const SIGN_IN_PATH = /(?:^|[^a-z])(log-?in|sign-?in|signon|verify|password|passcode|unlock|wallet|authenticate)(?![a-z])/;

/**
 * Fires when the part of a hosting-platform address that its owner chose (subdomain, or the first
 * path segments, at least two, of a path-hosted site) contains a sign-in, verification, account or
 * wallet word, or when a page on its own subdomain of a platform has a sign-in path.
 * Ordinary sites on these platforms are portfolios, shops and projects; a free page called
 * "login" or "wallet-recovery" is how credential and seed-phrase phishing is hosted today.
 * Fact: the word and the platform.
 */
export const accountWordsOnHosting: LinkRule = {
  scope: 'link',
  id: 'account-words-on-hosting',
  label: 'Link puts sign-in or account words on a page anyone can create on a free hosting site',
  severity: 'medium',
  category: 'free-hosting',
  detect(link) {
    if (link.host === null || link.isIp) return null;
    const match = hostingPlatformOf(link.host, link.rest);
    if (match === null || !match.userContent) return null;
    const owned = ownerChosenPart(match, link.rest).toLowerCase();
    // a path-hosted page is at least two segments deep ("/view/<site>"); "notion.so/login" is the platform's own
    if (match.ownerPart === '' && !owned.includes('.')) return null;
    const m = owned === '' ? null : ACCOUNT_WORD.exec(owned);
    if (m !== null) return [fact(m[0].replace(/^[.-]|[.-]$/g, '')), fact(match.platform)];
    if (match.ownerPart === '') return null;
    const q = link.rest.search(/[?#]/);
    const p = SIGN_IN_PATH.exec((q === -1 ? link.rest : link.rest.slice(0, q)).slice(0, 512).toLowerCase());
    return p === null || p[1] === undefined ? null : [fact(p[1]), fact(match.platform)];
  },
};

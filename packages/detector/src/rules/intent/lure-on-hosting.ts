/**
 * The delivery of today's credential phishing: a message asks the reader to sign in, verify an
 * account or open a waiting document, and the link is someone's page on a platform where anyone
 * can put one up in a minute (`*.workers.dev`, `*.netlify.app`, `*.azurewebsites.net`, a site
 * builder, a tunnel, a form, an IPFS gateway). Each half alone is ordinary: genuine notices ask to
 * sign in, and people share their projects on these hosts. Together they are the phishing kit's
 * shape, and a genuine service asks its users to sign in on its own site, not on a free page.
 * Files shared on a file-sharing service (Drive, OneDrive, Dropbox) and posts on blogs are not
 * counted: sharing and publishing is what those are for (the `document-lure` rule judges them).
 */
import { hostingPlatformOf, isPublishingPlatform } from '../../data/hosting-platforms';
import type { ParsedLink } from '../../links';
import type { RuleContext } from '../types';
import { OPEN_ASK, WAITING_ITEM } from './document-lure';
import { linkedIntentRule } from './lib/linked-intent';
import { re } from './lib/words';

/** Asks to sign in or to give the account's secrets ("log in with your email", "verify your account"). */
const SIGN_IN =
  '(?:(?:sign|log)\\s?-?(?:in|on)\\s+(?:to|with|using|here|now|below|again)|(?:verify|confirm|validate|re-?activate|restore|unlock)\\s+(?:your|the)\\s+(?:account|identity|e-?mail(?:\\s+address)?|mailbox|credentials|login|details|access)|(?:enter|provide|re-?enter|type)\\s+your\\s+(?:password|passcode|credentials|login|e-?mail\\s+password|username))';

/** Someone's page on an app host, site builder, storage bucket, tunnel, dynamic DNS, form builder or IPFS gateway. */
function isMadeUpPage(link: ParsedLink): boolean {
  if (link.host === null || link.isIp) return false;
  const m = hostingPlatformOf(link.host, link.rest);
  return m !== null && m.userContent && m.kind !== 'file-sharing' && !isPublishingPlatform(m.platform);
}

/** Fires on a sign-in or document ask in a message with a link to someone's page on such a platform. */
export const lureOnHosting = linkedIntentRule(
  {
    id: 'lure-on-hosting',
    label: 'Asks you to sign in or open a document on a page anyone can make on a free hosting site',
    severity: 'high',
    routes: [[{ re: re(SIGN_IN), notNegated: true }], [re(WAITING_ITEM), { re: re(OPEN_ASK), notNegated: true }]],
    window: 300,
  },
  (ctx: RuleContext) => ctx.links.find(isMadeUpPage),
);

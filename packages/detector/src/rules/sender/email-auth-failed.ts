/**
 * An email that fails the checks its From domain publishes (SPF, DKIM, DMARC), as the server found
 * them in the pasted email source (`options.intel.emailAuth`): the From address is most likely
 * forged.
 */
import { fact, type MessageRule } from '../types';

/** A result word in lower case, '' when absent or not a string. */
function word(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/**
 * DMARC results that give no verdict: no record (`none`, or nothing reported) or a broken one
 * (`permerror`, which RFC 7489 treats as no policy). Then DKIM and SPF are weighed instead. A
 * `temperror` is not among them: a lookup failed, nothing is known, and the rule stays quiet.
 */
const NO_DMARC_VERDICT: ReadonlySet<string> = new Set(['', 'none', 'permerror']);

/**
 * Fires when DMARC fails for the From domain; or, when the domain has no DMARC verdict, when the
 * DKIM signature fails and SPF fails or soft-fails too. Not on `none` or `temperror` results, nor
 * when only SPF fails while DKIM passes: forwarding (a mailing list, an auto-forward) sends the
 * message on from a server the domain never listed, and a valid signature still vouches for it.
 * Facts: the From domain, then each failed result ("DMARC fail (policy reject)", "DKIM fail",
 * "SPF softfail").
 */
export const emailAuthFailed: MessageRule = {
  scope: 'message',
  id: 'email-auth-failed',
  label: "Email failed the checks that prove it comes from the sender's domain",
  severity: 'high',
  kinds: ['text'],
  detect(ctx) {
    const auth: unknown = ctx.options.intel?.emailAuth;
    if (auth === null || typeof auth !== 'object') return [];
    const a = auth as Record<string, unknown>;
    const domain = word(a.fromDomain);
    if (domain === '') return [];
    const dmarc = word(a.dmarc);
    const dkim = word(a.dkim);
    const spf = word(a.spf);
    const spfFailed = spf === 'fail' || spf === 'softfail';
    const others = [...(dkim === 'fail' ? [fact('DKIM fail')] : []), ...(spfFailed ? [fact(`SPF ${spf}`)] : [])];
    if (dmarc === 'fail') {
      const policy = word(a.dmarcPolicy);
      const known = policy === 'none' || policy === 'quarantine' || policy === 'reject';
      return [fact(domain), fact(known ? `DMARC fail (policy ${policy})` : 'DMARC fail'), ...others];
    }
    if (!NO_DMARC_VERDICT.has(dmarc)) return [];
    return dkim === 'fail' && spfFailed ? [fact(domain), ...others] : [];
  },
};

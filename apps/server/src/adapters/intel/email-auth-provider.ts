import { Resolver } from 'node:dns/promises';
import type { IntelProvider, ProviderAnswer } from '../../modules/intel/enrich.ts';
import type { LookupQuota } from '../../modules/intel/lookup-limits.ts';
import { authenticateRawEmail, emailAuthFacts } from '../../modules/intel/raw-email/raw-email.ts';

/**
 * Our own check of a pasted email's SPF, DKIM and DMARC (mailauth), asking the DNS of the domains
 * the email names. Applies only when the person pasted a whole email source; for one that forwards
 * another as an attachment, the attached email is checked (`ParsedEmail.forward`), as the facts
 * the engine gets from its headers are the attached email's.
 */
export function createEmailAuthProvider(options: { servers?: readonly string[]; timeoutMs?: number; quota?: LookupQuota } = {}): IntelProvider {
  return {
    name: 'Email authentication (SPF, DKIM, DMARC)',
    unavailable: () => null,
    appliesTo: (request) => request.rawEmail !== undefined,
    async lookup(request, signal): Promise<ProviderAnswer> {
      if (request.rawEmail === undefined) return { facts: {} };
      const { source, parsed } = request.rawEmail;
      // refused at once when the allowance is spent; then each query the check makes counts
      await options.quota?.take();
      const quota = options.quota;
      const resolver = new Resolver({ timeout: 1000, tries: 1 });
      if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
      const onAbort = () => resolver.cancel();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        // a forward is about the email it carries: that one's signatures and servers are checked
        const verified = await authenticateRawEmail(parsed.forward?.source ?? source, {
          resolver: (name, rrtype) => (quota ? quota.take().then(() => resolver.resolve(name, rrtype)) : resolver.resolve(name, rrtype)),
          signal,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        });
        const facts = emailAuthFacts(parsed, verified);
        const aligned = verified.dkim.result === 'pass' && verified.dkim.aligned;
        return { facts: facts ? { emailAuth: facts } : {}, sender: { hasDkim: aligned } };
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

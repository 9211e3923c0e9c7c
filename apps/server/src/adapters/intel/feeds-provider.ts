import { feedUrlKey } from '@baitcheck/detector';
import type { IntelProvider, ProviderAnswer } from '../../modules/intel/enrich.ts';
import type { FeedsService } from '../../modules/intel/feeds/feeds.service.ts';

/** The threat feeds the server imported, as an intel source. */
export function createFeedsProvider(feeds: FeedsService): IntelProvider {
  return {
    name: 'Threat feeds',
    local: true,
    restsAfterFailure: true,
    unavailable: () => null,
    async lookup(request): Promise<ProviderAnswer> {
      if (request.links.length === 0) return { facts: {} };
      const hits = await feeds.lookupLinks(request.links);
      const hosts = hits.filter((h) => h.kind === 'host').map((h) => h.key);
      const urls = hits.filter((h) => h.kind === 'url').map((h) => h.key);
      // the panel names the feeds that listed each link's domain
      const domainSources: Record<string, string[]> = {};
      for (const link of request.links) {
        const domain = link.registrableDomain ?? link.host;
        if (domain === null) continue;
        for (const hit of hits) {
          const matches = hit.kind === 'host' ? link.host !== null && (link.host === hit.key || link.host.endsWith(`.${hit.key}`)) : feedUrlKey(link.url) === hit.key;
          if (matches) domainSources[domain] = [...new Set([...(domainSources[domain] ?? []), ...hit.sources.map((s) => `Threat feed: ${s}`)])];
        }
      }
      return { facts: { knownPhishingHosts: hosts, knownPhishingUrls: urls }, domainSources };
    },
  };
}

/**
 * The time an enhanced scan adds to a basic one, through the whole app (`app.inject`, PGlite in
 * memory), every outside source a real peer on 127.0.0.1: threat feeds (the starter feed), DNS
 * (dns2), RDAP (HTTP). Each scan names a sender domain and a link domain never asked before, so
 * the caches do not answer: this is the cold cost. Then the same with the DNS server hanging:
 * the budget (INTEL_BUDGET_MS, 1500 ms) bounds the wait of the first scan, and later scans leave
 * the silent source alone for a minute (SOURCE_COOLDOWN_MS).
 *
 *   node --import tsx apps/server/src/bench/enhanced-scan.ts [--scans 200]    (JSON on stdout)
 *
 * Run by `npm run bench` (tools/src/bench), which prints its figures with the rest.
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { importStarterFeed } from '../modules/intel/feeds/feeds.scheduler.ts';
import { DEFAULT_INTEL_BUDGET_MS } from '../modules/intel/enrich.ts';
import { startDnsServer } from '../test/dns-server.ts';
import { startRdapServer } from '../test/rdap-server.ts';

/** Latency figures of one kind of scan, in milliseconds. */
export interface LatencyFigures {
  scans: number;
  p50: number;
  p99: number;
}

/** What the bench measured. */
export interface EnhancedScanBench {
  budgetMs: number;
  basic: LatencyFigures;
  enhanced: LatencyFigures;
  /** Enhanced minus basic, scan by scan. */
  added: LatencyFigures;
  /** Enhanced scans with the DNS server never answering. */
  oneSourceHanging: LatencyFigures & { addedP50: number; addedP99: number };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] as number) * 100) / 100;
}

function figures(samples: readonly number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { scans: samples.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function timeScan(app: FastifyInstance, payload: Record<string, unknown>): Promise<number> {
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/scan/text', payload });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`scan answered HTTP ${res.statusCode}: ${res.body}`);
  return ms;
}

/** Runs the bench with `scans` cold scans answered by every source and a tenth as many with DNS hanging. */
export async function measureEnhancedScan(scans = 200): Promise<EnhancedScanBench> {
  const hangingScans = Math.max(10, Math.round(scans / 10));
  const total = scans + hangingScans;
  const zone: Parameters<typeof startDnsServer>[0] = {};
  const registered: Record<string, string> = {};
  for (let i = 0; i < total; i++) {
    zone[`sender-${i}.com`] = { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'], MX: [{ exchange: `mx.sender-${i}.com`, priority: 10 }] };
    zone[`_dmarc.sender-${i}.com`] = { TXT: ['v=DMARC1; p=quarantine'] };
    registered[`sender-${i}.com`] = '2011-03-04T00:00:00Z';
    registered[`shop-${i}.com`] = '2019-08-09T00:00:00Z';
  }
  const dns = await startDnsServer(zone);
  const rdap = await startRdapServer(registered);
  const database = await openDatabase({ kind: 'pglite' });
  // rateLimits off: hundreds of scans from one address in seconds would meet the per-client limits (RATE_LIMITS=off)
  const config = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent', rateLimits: false, intelSources: ['feeds' as const, 'dns' as const, 'rdap' as const], dnsServers: [dns.address], rdapBootstrapUrl: rdap.bootstrapUrl, intelBudgetMs: DEFAULT_INTEL_BUDGET_MS };
  const app = await buildApp({ config, database, logger: false });
  try {
    await importStarterFeed(app.feeds, { info: () => undefined, warn: (_o: unknown, msg?: string) => console.error(msg) });
    const message = (i: number, enhancedAnalysis: boolean) => ({
      content: `Hi, your order #${1000 + i} has shipped. Track it at https://shop-${i}.com/orders/${1000 + i} or reply to this email.`,
      sender: `Orders <orders@sender-${i}.com>`,
      source: 'email',
      enhancedAnalysis,
    });
    // warm-up: JIT, the RDAP bootstrap, the database
    for (let i = 0; i < 5; i++) await timeScan(app, message(total + i, true));
    const basic: number[] = [];
    const enhanced: number[] = [];
    const added: number[] = [];
    for (let i = 0; i < scans; i++) {
      const b = await timeScan(app, message(i, false));
      const e = await timeScan(app, message(i, true));
      basic.push(b);
      enhanced.push(e);
      added.push(e - b);
    }
    for (let i = scans; i < total; i++) {
      dns.hang.add(`sender-${i}.com`);
      dns.hang.add(`_dmarc.sender-${i}.com`);
    }
    const hanging: number[] = [];
    const hangingAdded: number[] = [];
    for (let i = scans; i < total; i++) {
      const b = await timeScan(app, message(i, false));
      const e = await timeScan(app, message(i, true));
      hanging.push(e);
      hangingAdded.push(e - b);
    }
    const h = figures(hangingAdded);
    return { budgetMs: DEFAULT_INTEL_BUDGET_MS, basic: figures(basic), enhanced: figures(enhanced), added: figures(added), oneSourceHanging: { ...figures(hanging), addedP50: h.p50, addedP99: h.p99 } };
  } finally {
    await app.close();
    await database.close();
    await dns.close();
    await rdap.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--scans');
  const scans = i >= 0 ? Number(args[i + 1]) : 200;
  if (!Number.isInteger(scans) || scans < 1) throw new Error('--scans needs a positive whole number');
  const result = await measureEnhancedScan(scans);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

/**
 * Top-level domains heavily abused for phishing relative to their legitimate use, from public
 * abuse reports (Spamhaus "most abused TLDs", Interisle "Phishing Landscape", APWG) of 2022-2025:
 * cheap or free registration and little checking. Most of their sites are harmless, so this is a
 * weak signal alone. `high`: a large share of the TLD's live sites are abusive (the rule fires);
 * `elevated`: abused far out of proportion but with much ordinary use too (the rule stays quiet).
 * `.app`, `.dev`, `.page` and `.io` look risky in the data only through their hosting platforms
 * (web.app, pages.dev, github.io), which `free-hosting` reports.
 */

/** How strongly a TLD is associated with abuse. */
export type TldRisk = 'high' | 'elevated';

const HIGH: readonly string[] = [
  // measured on the dev split (phishing vs legitimate rows, 2015-2023 sources) and named in 2023-2025 reports
  'top', 'xyz', 'site', 'online', 'icu', 'link', 'live', 'shop', 'click', 'club', 'buzz', 'website', 'tech', 'life',
  'cloud', 'host', 'services', 'store', 'cfd', 'tk', 'ml', 'ga', 'cf', 'gq', 'gd', 'vu', 'pm',
  // named in 2023-2025 abuse reports, too rare in the dev split to measure
  'sbs', 'cyou', 'bond', 'rest', 'lol', 'quest', 'autos', 'mom', 'monster', 'wang', 'zip', 'mov', 'beauty', 'hair',
  'makeup', 'skin', 'boats', 'yachts', 'motorcycles', 'homes', 'lat', 'surf', 'cam', 'bar', 'uno', 'work', 'loan',
  'win', 'bid', 'racing', 'date', 'download', 'stream', 'review', 'party', 'science', 'men', 'accountant', 'cricket',
  'faith', 'gdn', 'kim', 'country', 'vip', 'fit', 'support', 'qpon', 'bio', 'mobi', 'run', 'fyi',
];

/**
 * Abused out of proportion but with much ordinary use (each on 0.1-0.7% of legitimate dev rows):
 * not enough for the rule, kept for features and explanations.
 */
const ELEVATED: readonly string[] = [
  'info', 'cc', 'co', 'me', 'us', 'pro', 'ly', 'to', 'id', 'fun', 'space', 'today', 'best', 'digital', 'help',
  'email', 'asia', 'ee', 'ink', 'press', 'network', 'center', 'world', 'one', 'finance', 'claims', 'ltd', 'am', 'pw',
  'app', 'dev', 'page', 'io',
];

/** Risky TLDs (the last label of the host, or a listed two-label suffix) and their risk. */
export const RISKY_TLDS: ReadonlyMap<string, TldRisk> = new Map([
  ...ELEVATED.map((t) => [t, 'elevated'] as const),
  ...HIGH.map((t) => [t, 'high'] as const),
]);

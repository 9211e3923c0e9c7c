/**
 * Top-level domains heavily abused for phishing relative to their legitimate use, from public
 * abuse reports (Spamhaus "most abused TLDs", Interisle "Phishing Landscape", APWG) of 2022-2025:
 * cheap or free registration and little checking. Most of their sites are harmless, so this is a
 * weak signal alone. `high`: a large share of the TLD's live sites are abusive; `elevated`: abused
 * far out of proportion but with much ordinary use too.
 */

/** How strongly a TLD is associated with abuse. */
export type TldRisk = 'high' | 'elevated';

const HIGH: readonly string[] = [
  'top', 'xyz', 'icu', 'cyou', 'sbs', 'cfd', 'bond', 'buzz', 'rest', 'monster', 'quest', 'lol', 'mom', 'autos',
  'wang', 'click', 'tk', 'ml', 'ga', 'cf', 'gq', 'zip', 'mov', 'beauty', 'hair', 'makeup', 'skin', 'boats', 'yachts',
  'motorcycles', 'homes', 'lat', 'pw', 'surf', 'cam', 'bar', 'uno', 'work', 'loan', 'win', 'bid', 'racing', 'date',
  'download', 'stream', 'review', 'party', 'science', 'men', 'accountant', 'cricket', 'faith', 'gdn', 'kim', 'country',
  'vip', 'fit', 'sbi', 'hk.cn',
];

const ELEVATED: readonly string[] = [
  'shop', 'live', 'online', 'site', 'support', 'info', 'cc', 'fun', 'website', 'space', 'store', 'tech', 'today',
  'life', 'best', 'link', 'club', 'digital', 'help', 'services', 'email', 'asia', 'su', 'ws', 'cn', 'in.net', 'ink',
  'host', 'press', 'network', 'center', 'world', 'tokyo', 'one', 'app', 'dev', 'page', 'claims', 'finance',
  'ltd', 'pro', 'biz', 'me', 'co', 'ru', 'ua', 'ir', 'ng', 'id', 'am', 'gd', 'ly', 'to',
];

/** Risky TLDs (the last label of the host, or a listed two-label suffix) and their risk. */
export const RISKY_TLDS: ReadonlyMap<string, TldRisk> = new Map([
  ...ELEVATED.map((t) => [t, 'elevated'] as const),
  ...HIGH.map((t) => [t, 'high'] as const),
]);

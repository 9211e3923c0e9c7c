/** The datasets in `../shared/data` (see its README) and the label mapping. */
import type { DataChannel, DataLabel } from './types.ts';

export interface SourceSet {
  /** Set name: the file name without its extension. */
  name: string;
  channel: DataChannel;
  /** Path relative to the data folder. */
  file: string;
  format: 'jsonl' | 'csv';
}

/**
 * Every file in the data folder, in a fixed order. The order matters: when the same item is in two
 * sets, corpus dedupe keeps the first set's copy (so UCI's text, which kept its `£`, wins over
 * Mendeley's copy, where `£` became U+FFFD).
 */
export const SOURCE_SETS: readonly SourceSet[] = [
  { name: 'uci_sms_spam_collection', channel: 'sms', file: 'sms/uci_sms_spam_collection.jsonl', format: 'jsonl' },
  { name: 'mendeley_sms_phishing_2022', channel: 'sms', file: 'sms/mendeley_sms_phishing_2022.jsonl', format: 'jsonl' },
  { name: 'nus_sms_corpus_ham_20k', channel: 'sms', file: 'sms/nus_sms_corpus_ham_20k.jsonl', format: 'jsonl' },
  { name: 'spamhunter_2018_2022', channel: 'sms', file: 'sms/spamhunter_2018_2022.jsonl', format: 'jsonl' },
  { name: 'indonesian_sms_spam_2015_2016', channel: 'sms', file: 'sms/indonesian_sms_spam_2015_2016.jsonl', format: 'jsonl' },
  { name: 'spamassassin_2002_2005', channel: 'email', file: 'email/spamassassin_2002_2005.jsonl', format: 'jsonl' },
  { name: 'enron_spam_1999_2005', channel: 'email', file: 'email/enron_spam_1999_2005.jsonl', format: 'jsonl' },
  { name: 'nazario_phishing_2004_2006', channel: 'email', file: 'email/nazario_phishing_2004_2006.jsonl', format: 'jsonl' },
  { name: 'nazario_phishing_2015_2022', channel: 'email', file: 'email/nazario_phishing_2015_2022.jsonl', format: 'jsonl' },
  { name: 'csdmc2010_spam_2010', channel: 'email', file: 'email/csdmc2010_spam_2010.jsonl', format: 'jsonl' },
  { name: 'iscx_url_2016', channel: 'url', file: 'url/iscx_url_2016.csv', format: 'csv' },
  { name: 'alexa_top100k_2015', channel: 'url', file: 'url/alexa_top100k_2015.csv', format: 'csv' },
  { name: 'phishing_database_2020_08', channel: 'url', file: 'url/phishing_database_2020_08.csv', format: 'csv' },
  { name: 'phishtank_verified_online_2021_03', channel: 'url', file: 'url/phishtank_verified_online_2021_03.csv', format: 'csv' },
  { name: 'openphish_hostnames_2023_05', channel: 'url', file: 'url/openphish_hostnames_2023_05.csv', format: 'csv' },
  { name: 'cloudflare_radar_top100k_2024_01', channel: 'url', file: 'url/cloudflare_radar_top100k_2024_01.csv', format: 'csv' },
  { name: 'segphish_urls_2021', channel: 'url', file: 'url/segphish_urls_2021.csv', format: 'csv' },
  { name: 'openphish_feed_2024_10_2025_12', channel: 'url', file: 'url/openphish_feed_2024_10_2025_12.csv', format: 'csv' },
];

/** The hand-written modern dev sets in `<repo>/data/modern/` (all rows are dev rows). */
export const MODERN_SETS: readonly SourceSet[] = [
  { name: 'modern-sms-scam', channel: 'sms', file: 'modern/modern-sms-scam.jsonl', format: 'jsonl' },
  { name: 'modern-sms-legit', channel: 'sms', file: 'modern/modern-sms-legit.jsonl', format: 'jsonl' },
  { name: 'modern-email-phishing', channel: 'email', file: 'modern/modern-email-phishing.jsonl', format: 'jsonl' },
  { name: 'modern-email-legit', channel: 'email', file: 'modern/modern-email-legit.jsonl', format: 'jsonl' },
  { name: 'modern-url-phishing', channel: 'url', file: 'modern/modern-url-phishing.jsonl', format: 'jsonl' },
  { name: 'modern-url-legit', channel: 'url', file: 'modern/modern-url-legit.jsonl', format: 'jsonl' },
];

/**
 * Maps a published label to ours: `ham`/`benign`/`legit` → legit, `spam`/`scam` → scam,
 * `phishing` (also `malware`, `smishing`) → phishing. Throws on anything else, so a new label in
 * the data is noticed rather than guessed.
 */
export function mapLabel(label: string): DataLabel {
  switch (label.trim().toLowerCase()) {
    case 'ham':
    case 'benign':
    case 'legit':
    case 'legitimate':
      return 'legit';
    case 'spam':
    case 'scam':
      return 'scam';
    case 'phishing':
    case 'smishing':
    case 'malware':
      return 'phishing';
    default:
      throw new Error(`unknown label ${JSON.stringify(label)}`);
  }
}

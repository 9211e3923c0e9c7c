/** The hand-written modern training sets in `<repo>/data/modern-train/` (train only, never dev). */
import { join } from 'node:path';
import { REPO_ROOT, type SourceSet } from '../data/index.ts';

export const MODERN_TRAIN_DIR = join(REPO_ROOT, 'data');

export const MODERN_TRAIN_SETS: readonly SourceSet[] = [
  { name: 'modern-train-sms-legit', channel: 'sms', file: 'modern-train/sms-legit.jsonl', format: 'jsonl' },
  { name: 'modern-train-sms-scam', channel: 'sms', file: 'modern-train/sms-scam.jsonl', format: 'jsonl' },
  { name: 'modern-train-email-legit', channel: 'email', file: 'modern-train/email-legit.jsonl', format: 'jsonl' },
  { name: 'modern-train-email-scam', channel: 'email', file: 'modern-train/email-scam.jsonl', format: 'jsonl' },
  { name: 'modern-train-url-legit', channel: 'url', file: 'modern-train/url-legit.jsonl', format: 'jsonl' },
  { name: 'modern-train-url-phishing', channel: 'url', file: 'modern-train/url-phishing.jsonl', format: 'jsonl' },
];

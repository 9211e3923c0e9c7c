/** Shapes of the data layer: every dataset row, whatever its file format, becomes a {@link DataRecord}. */

/** The channel a record belongs to. */
export type DataChannel = 'sms' | 'email' | 'url';

/** Ground truth: `ham`/`benign` → legit, `spam` → scam, `phishing` → phishing. */
export type DataLabel = 'legit' | 'scam' | 'phishing';

/** Which side of the fixed dev split a record falls on. */
export type Split = 'train' | 'dev';

/** How a URL row was published (`../shared/data/README.md`). */
export type UrlForm = 'domain' | 'url_root' | 'url' | 'url_noscheme';

/** One labelled item, normalised at load (emails → `[EMAIL]`, `[NAME]`/`[USER]` stripped). */
export interface DataRecord {
  /** Stable id: `<set>:<1-based row number in its file>`. */
  id: string;
  /** Set name (file name without extension), e.g. `uci_sms_spam_collection`, `modern-sms-scam`. */
  set: string;
  channel: DataChannel;
  label: DataLabel;
  /** The set's own label or category, as published. */
  origLabel: string;
  /**
   * The text a model sees. SMS: the message. Email: subject + blank line + body (or the body alone
   * when there is no subject). URL rows: the URL, refanged, as published (no scheme added).
   */
  text: string;
  /** Email subject line. */
  subject?: string;
  /** Email sender domain, or an SMS sender (modern sets). */
  sender?: string;
  /** URL rows: the URL or bare hostname, refanged (`hxxp` → `http`, `[.]` → `.`). */
  url?: string;
  /** URL rows: how the URL was published. */
  form?: UrlForm;
  lang?: string;
  date?: string;
  /** After corpus dedupe: other sets that held the same item (same split key and label). */
  alsoIn?: string[];
}

import type { HelpPageId, KnowledgeBaseCategory } from '@baitcheck/contracts';

/** What an article is for, to the assistant: a scam type, a situation after a scam, reporting, protection, or this product. */
export type ArticleKind = 'scam-type' | 'after-a-scam' | 'reporting' | 'protection' | 'product';

/** Where a piece of advice comes from: an official or well-established page a person can check. */
export interface ContentSource {
  name: string;
  url: string;
}

/** A phone number an article tells people to call, as the app offers it to tap. */
export interface ContentCall {
  /** As written in the article's text: '0300 123 2040', '159'. */
  number: string;
  /** The number to dial, digits with an optional leading +: '+443001232040', '159'. */
  dial: string;
  /** Who answers: 'Report Fraud', 'Stop Scams UK, to reach your bank safely'. */
  who: string;
}

/**
 * One article of `content/articles/`: the Knowledge Base shows it, and the assistant answers
 * with its summary, signs and steps (found by its title, keywords and text).
 */
export interface ContentArticle {
  /** The file's name without `.md`: kebab-case, `after-clicking-a-link`. */
  id: string;
  title: string;
  /** The Knowledge Base tab it is listed under. */
  category: KnowledgeBaseCategory;
  kind: ArticleKind;
  /** Words and phrases people use for this topic (search weighs them most): "smishing", "text scam". */
  keywords: readonly string[];
  /** Two or three sentences: what it is, or what matters most. */
  summary: string;
  /** The plain text of each item of the numbered list under '## What to do'. */
  steps: readonly string[];
  /** The plain text of each item of the list under '## Signs to look for', when the article has one. */
  signs?: readonly string[];
  /** The country or region the advice is for, when it is specific to one ('US', 'UK', 'CA', 'AU', 'IE', 'NZ', 'IN', 'EU'). */
  region?: string;
  sources: readonly ContentSource[];
  /** Numbers the article says to call (each written in its summary or steps). */
  calls?: readonly ContentCall[];
  /** The Markdown after the front matter: what the Knowledge Base shows under the title and summary. */
  body: string;
  /** Listing order within its Knowledge Base category (front matter `order`, default 100), then title. */
  order: number;
}

/** A help page of `content/pages/` (Privacy Policy, Terms of Service, FAQ). */
export interface ContentPage {
  id: HelpPageId;
  title: string;
  /** When the page last changed: YYYY-MM-DD. */
  updated: string;
  /** Markdown. */
  body: string;
}

/** Everything the content folder holds, checked. */
export interface Content {
  /** In reading order: by Knowledge Base category, then `order`, then title. */
  articles: readonly ContentArticle[];
  /** The pages present (a page not written yet is absent). */
  pages: ReadonlyMap<HelpPageId, ContentPage>;
}

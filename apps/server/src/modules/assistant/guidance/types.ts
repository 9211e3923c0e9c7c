/** Where a piece of guidance comes from: an official or well-established source a person can check. */
export interface GuidanceSource {
  name: string;
  url: string;
}

/** A phone number an article tells people to call, as the app offers it to tap. */
export interface GuidanceCall {
  /** As written in the article's text: '0300 123 2040', '159'. */
  number: string;
  /** The number to dial, digits with an optional leading +: '+443001232040', '159'. */
  dial: string;
  /** Who answers: 'Report Fraud', 'Stop Scams UK, to reach your bank safely'. */
  who: string;
}

/**
 * One article of the assistant's guidance: written for this product, short, and actionable. The
 * assistant retrieves articles by their title, keywords and text, answers with `summary` and
 * `steps`, and names the article (and its sources) it used.
 */
export interface GuidanceArticle {
  /** Stable, kebab-case: `after-clicking-a-link`. */
  id: string;
  title: string;
  /** What the article is for: a scam type, a situation after a scam, reporting, or this product. */
  kind: 'scam-type' | 'after-a-scam' | 'reporting' | 'protection' | 'product';
  /** Words and phrases people use for this topic (retrieval boosts them): "smishing", "text scam". */
  keywords: readonly string[];
  /** Two or three sentences: what it is, or what matters most. */
  summary: string;
  /** What to do, in order; each step one sentence a person can act on. */
  steps: readonly string[];
  /** Signs to look for (scam types), optional. */
  signs?: readonly string[];
  /** Country or region when the advice is specific to one ('US', 'UK', 'CA', 'AU', 'IE', 'NZ', 'IN', 'EU'). */
  region?: string;
  sources: readonly GuidanceSource[];
  /** Numbers of the text a person may call straight from the answer (each also in the text). */
  calls?: readonly GuidanceCall[];
}

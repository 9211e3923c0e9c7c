/**
 * The countries and regions some articles are for (front matter `region`), and how a question or
 * a search names one: the assistant answers with that country's article, the Knowledge Base ranks
 * other countries' articles below the general ones.
 */
export const REGIONS: ReadonlyArray<{ region: string; pattern: RegExp; name: string }> = [
  { region: 'US', pattern: /\b(us|usa|u\.s\.a?\.?|united states|america|american|ftc|irs|fbi)\b/i, name: 'the US' },
  { region: 'UK', pattern: /\b(uk|u\.k\.|united kingdom|britain|british|england|english|scotland|scottish|wales|welsh|northern ireland|hmrc|gb)\b/i, name: 'the UK' },
  { region: 'CA', pattern: /\b(canada|canadian|cra)\b/i, name: 'Canada' },
  { region: 'AU', pattern: /\b(australia|australian|ato|aussie)\b/i, name: 'Australia' },
  { region: 'IE', pattern: /\b(ireland|irish|garda)\b/i, name: 'Ireland' },
  { region: 'NZ', pattern: /\b(new zealand|nz|kiwi)\b/i, name: 'New Zealand' },
  { region: 'IN', pattern: /\b(india|indian)\b/i, name: 'India' },
];

/** The country the text names, if any. */
export function regionOf(text: string): string | null {
  // "us" is also a pronoun: only as a country in "in the US", "US", "USA"
  for (const r of REGIONS) {
    if (r.region === 'US') {
      if (/\b(usa|u\.s\.a?\.?|united states|america|american|ftc|irs|fbi)\b/i.test(text) || /\bUS\b/.test(text)) return 'US';
      continue;
    }
    if (r.pattern.test(text)) return r.region;
  }
  return null;
}

/** How a region reads in a sentence ('the UK'). */
export const regionName = (region: string) => REGIONS.find((r) => r.region === region)?.name ?? region;

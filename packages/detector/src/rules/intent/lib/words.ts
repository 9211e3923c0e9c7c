/**
 * Vocabulary shared by the intent rules, as regular-expression sources (every quantifier bounded
 * or over a single character class, so the patterns stay linear-time). {@link re} compiles a
 * whole-word, case-insensitive, global pattern once, at module load.
 */

/** Compiles `source` as a global, case-insensitive pattern anchored at word boundaries. */
export function re(source: string): RegExp {
  return new RegExp(`(?<![\\w])(?:${source})(?![\\w]|['\u2019]\\w)`, 'gi');
}

/** An apostrophe, straight or curly. */
export const APOS = "['\u2019]";

/** A few words of the same sentence (bounded). */
export const GAP = '[^.!?\\n]{0,40}?';

/** A short gap of at most three words. */
export const WORDS3 = "(?:[\\w'\u2019$£€₹,.-]+\\s+){0,3}?";

/**
 * A phone number: optional country code, then groups of digits separated by spaces, dots or
 * dashes, eight digits or more in all (amounts, dates and one-time codes do not qualify).
 */
export const PHONE =
  '(?<![\\w$£€])(?:\\+?\\d{1,3}[\\s.-]?)?(?:\\(\\d{2,4}\\)[\\s.-]?|\\d{2,5}[\\s.-]?)\\d{3,4}[\\s.-]?\\d{3,5}(?![\\d,.]\\d)';

/** A sum of money: a currency sign or code and digits, or digits and a currency word. */
export const AMOUNT =
  '(?:[$£€₹]\\s?\\d[\\d,]{0,12}(?:\\.\\d{1,2})?|(?:rs\\.?|inr|usd|gbp|eur|aud|cad)\\s?\\d[\\d,]{0,12}(?:\\.\\d{1,2})?|\\d[\\d,]{0,12}(?:\\.\\d{1,2})?\\s?(?:usd|dollars|pounds|euros?|rupees|inr|gbp|eur|usdt))';

/** Asking the reader to call a number: "call us at", "ring our fraud line on", "contact ... :". */
export const CALL_VERB = '(?:call(?:ing)?|ring|phone|dial|contact|reach|speak\\s+to|press\\s+1\\s+or\\s+call)';

/** A family member as the sender calls the reader. */
export const FAMILY =
  '(?:mum|mom|mommy|mummy|mam|mama|momma|dad|daddy|papa|pops|grandma|grandmother|granny|gran|nan|nana|nanna|grandpa|grandad|granddad|grandfather|auntie|aunty|uncle)';

/** Messaging apps a scammer moves the conversation to. */
export const CHAT_APP =
  '(?:whats\\s?app|telegram|signal|we\\s?chat|line\\s+app|viber|kik|google\\s+chat|hangouts|snapchat|threema|wickr|session\\s+app|skype)';

/** Crypto-currencies and crypto payment rails. */
export const CRYPTO =
  '(?:bitcoins?|btc|usdt|tether|ethereum|eth|crypto(?:currency|currencies)?|litecoin|ltc|dogecoin|doge|xrp|solana|usdc|bnb|trc-?20|erc-?20)';

/** Well-known toll agencies and toll words. */
export const TOLL =
  '(?:e-?z\\s?-?pass(?:\\s?ny)?|ez\\s?drive\\s?(?:ma)?|sun\\s?pass|fas\\s?trak|the\\s+toll\\s+roads|txtag|tx\\s?tag|peach\\s?pass|i-?pass|ntta|linkt|e-?toll|e-?tag|good\\s+to\\s+go|quick\\s?pass|pike\\s?pass|toll\\s?by\\s?plate|pay\\s?by\\s?plate|toll(?:s|way|\\s+roads?|\\s+services?|\\s+bill|\\s+notice|\\s+charges?|\\s+violations?|\\s+balance|\\s+payment)?|turnpike|dart\\s?charge)';

/** Carriers and parcel words. */
export const PARCEL =
  '(?:packages?|parcels?|shipments?|consignments?|deliver(?:y|ies)|items?|couriers?|u\\.?s\\.?p\\.?s\\.?|royal\\s?mail|evri|hermes|dhl|fed\\s?ex|ups|dpd|yodel|parcelforce|aus\\s?post|australia\\s+post|canada\\s+post|india\\s+post|nz\\s+post|post\\s?nl|la\\s+poste|correos|an\\s+post|poste\\s+italiane|post\\s+office|postal\\s+service)';

/**
 * Brands that scams imitate, with their official registrable domains. Tokens are how the brand
 * appears in a host name or path: `loose` tokens are distinctive enough to count inside a host
 * label ("paypal-secure", "securepaypal"; see `brand-match.ts`), `strict` tokens only as a whole
 * label or path segment ("ups" in "ups-delivery.com", not in "groups.com").
 */
export interface Brand {
  /** The brand as people know it. */
  readonly name: string;
  /** Tokens that count inside a host label (hyphens removed before matching, unless the token has one). */
  readonly loose: readonly string[];
  /** Tokens that count only as a whole host label or path segment. */
  readonly strict: readonly string[];
  /** Official registrable domains (a host on or under one of them is the brand's own). */
  readonly domains: readonly string[];
  /** Second-level names whose country-code variants are official too (google.de, amazon.co.uk). */
  readonly countryVariants?: readonly string[];
}

/** The brand table. */
export const BRANDS: readonly Brand[] = [
  { name: 'PayPal', loose: ['paypal'], strict: [], domains: ['paypal.com', 'paypal.me', 'paypalobjects.com', 'paypal-community.com'], countryVariants: ['paypal'] },
  { name: 'Apple', loose: ['appleid', 'itunes'], strict: ['apple', 'icloud'], domains: ['apple.com', 'icloud.com', 'me.com', 'mzstatic.com', 'apple.co', 'itunes.com', 'apple.news', 'cdn-apple.com'], countryVariants: ['apple'] },
  { name: 'Amazon', loose: ['amazon'], strict: ['amzn'], domains: ['amazon.com', 'amazonaws.com', 'amazon.jobs', 'amzn.to', 'amzn.eu', 'amzn.com', 'a.co', 'primevideo.com', 'media-amazon.com', 'ssl-images-amazon.com', 'images-amazon.com', 'amazon-adsystem.com', 'amazonservices.com', 'amazonwebservices.com', 'amazontrust.com'], countryVariants: ['amazon'] },
  { name: 'Microsoft', loose: ['microsoft', 'office365', 'onedrive', 'sharepoint', 'hotmail', 'microsoftonline'], strict: ['outlook', 'msft'], domains: ['microsoft.com', 'microsoftonline.com', 'microsoft365.com', 'live.com', 'outlook.com', 'office.com', 'office365.com', 'office.net', 'sharepoint.com', 'onedrive.com', 'onedrive.live.com', 'hotmail.com', 'msn.com', 'bing.com', 'azure.com', 'windows.com', 'xbox.com', 'skype.com', 'aka.ms', 'microsoftstore.com', 'microsofttranslator.com'] },
  { name: 'Netflix', loose: ['netflix'], strict: [], domains: ['netflix.com', 'netflix.net', 'nflxext.com', 'nflximg.net'] },
  { name: 'Google', loose: ['google'], strict: ['gmail'], domains: ['google.com', 'googleusercontent.com', 'googleapis.com', 'googlemail.com', 'gstatic.com', 'gmail.com', 'youtube.com', 'goo.gl', 'g.co', 'google.dev', 'withgoogle.com', 'googleblog.com', 'blog.google', 'google.org', 'google-analytics.com', 'googletagmanager.com', 'googleadservices.com', 'googlesyndication.com', 'googlevideo.com', 'googlesource.com', 'googlegroups.com', 'googledrive.com', 'thinkwithgoogle.com', 'googleplex.com'], countryVariants: ['google'] },
  { name: 'Facebook', loose: ['facebook'], strict: [], domains: ['facebook.com', 'facebook.net', 'fb.com', 'fb.me', 'facebookmail.com', 'meta.com', 'messenger.com'] },
  { name: 'Instagram', loose: ['instagram'], strict: [], domains: ['instagram.com', 'cdninstagram.com'] },
  { name: 'WhatsApp', loose: ['whatsapp'], strict: [], domains: ['whatsapp.com', 'whatsapp.net', 'wa.me'] },
  { name: 'LinkedIn', loose: ['linkedin'], strict: [], domains: ['linkedin.com', 'lnkd.in'] },
  { name: 'eBay', loose: [], strict: ['ebay'], domains: ['ebay.com', 'ebayimg.com'], countryVariants: ['ebay'] },
  { name: 'Walmart', loose: ['walmart'], strict: [], domains: ['walmart.com', 'walmart.ca', 'walmartimages.com', 'walmartone.com'], countryVariants: ['walmart'] },
  { name: 'Coinbase', loose: ['coinbase'], strict: [], domains: ['coinbase.com'] },
  { name: 'Binance', loose: ['binance'], strict: [], domains: ['binance.com', 'binance.us'] },
  { name: 'DocuSign', loose: ['docusign'], strict: [], domains: ['docusign.com', 'docusign.net'] },
  { name: 'Dropbox', loose: ['dropbox'], strict: [], domains: ['dropbox.com', 'dropboxusercontent.com', 'db.tt'] },
  { name: 'Cash App', loose: ['cashapp'], strict: [], domains: ['cash.app', 'cash.me', 'squareup.com'] },
  { name: 'Venmo', loose: ['venmo'], strict: [], domains: ['venmo.com'] },
  { name: 'Zelle', loose: [], strict: ['zelle'], domains: ['zellepay.com', 'zelle.com'] },
  { name: 'Chase', loose: ['jpmorganchase'], strict: ['chase'], domains: ['chase.com', 'jpmorganchase.com', 'jpmorgan.com'] },
  { name: 'Wells Fargo', loose: ['wellsfargo'], strict: [], domains: ['wellsfargo.com', 'wf.com', 'wellsfargoadvisors.com'] },
  { name: 'Bank of America', loose: ['bankofamerica'], strict: ['bofa'], domains: ['bankofamerica.com', 'bofa.com', 'mbna.com'] },
  { name: 'Citibank', loose: ['citibank'], strict: ['citi'], domains: ['citi.com', 'citibank.com', 'citigroup.com'], countryVariants: ['citibank'] },
  { name: 'Capital One', loose: ['capitalone'], strict: [], domains: ['capitalone.com', 'capitalone.co.uk', 'capitalone.ca', 'capitalone360.com'] },
  { name: 'HSBC', loose: ['hsbc'], strict: [], domains: ['hsbc.com', 'hsbc.co.uk', 'hsbcnet.com', 'hsbc.com.hk'], countryVariants: ['hsbc'] },
  { name: 'Barclays', loose: ['barclays', 'barclaycard'], strict: [], domains: ['barclays.co.uk', 'barclays.com', 'barclays.net', 'barclaycard.co.uk', 'barclaycard.com', 'barclaysus.com', 'barclaycardus.com'], countryVariants: ['barclays', 'barclaycard'] },
  { name: 'Lloyds Bank', loose: ['lloydsbank'], strict: [], domains: ['lloydsbank.com', 'lloydsbank.co.uk', 'lloydsbankinggroup.com', 'lloydsbankbusiness.com'] },
  { name: 'NatWest', loose: ['natwest'], strict: [], domains: ['natwest.com', 'natwestgroup.com', 'natwestinternational.com'] },
  { name: 'Santander', loose: ['santander'], strict: [], domains: ['santander.com', 'santanderbank.com', 'santander.co.uk'], countryVariants: ['santander', 'santanderbank'] },
  { name: 'Monzo', loose: ['monzo'], strict: [], domains: ['monzo.com', 'monzo.me'] },
  { name: 'USPS', loose: ['usps'], strict: [], domains: ['usps.com', 'usps.gov'] },
  { name: 'UPS', loose: [], strict: ['ups'], domains: ['ups.com'], countryVariants: ['ups'] },
  { name: 'FedEx', loose: ['fedex'], strict: [], domains: ['fedex.com'] },
  { name: 'DHL', loose: [], strict: ['dhl'], domains: ['dhl.com', 'dhl.de', 'dhl.co.uk', 'dhlparcel.co.uk', 'dhl-usa.com'], countryVariants: ['dhl'] },
  { name: 'Royal Mail', loose: ['royalmail'], strict: [], domains: ['royalmail.com', 'royalmail.co.uk', 'royalmailgroup.com'] },
  { name: 'Evri', loose: [], strict: ['evri'], domains: ['evri.com', 'myhermes.co.uk'] },
  { name: 'IRS', loose: [], strict: ['irs'], domains: ['irs.gov'] },
  { name: 'HMRC', loose: ['hmrc'], strict: [], domains: ['gov.uk'] },
  { name: 'DVLA', loose: ['dvla'], strict: [], domains: ['gov.uk'] },
  { name: 'Verizon', loose: ['verizon'], strict: [], domains: ['verizon.com', 'verizon.net', 'verizonwireless.com', 'vzw.com'] },
  { name: 'T-Mobile', loose: ['t-mobile'], strict: ['tmobile'], domains: ['t-mobile.com', 'tmobile.com'], countryVariants: ['t-mobile'] },
  { name: 'AT&T', loose: [], strict: ['att'], domains: ['att.com', 'att.net'] },
  { name: 'Steam', loose: ['steampowered', 'steamcommunity'], strict: [], domains: ['steampowered.com', 'steamcommunity.com'] },
];

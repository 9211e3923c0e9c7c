/**
 * Hand-curated well-known domains that the generated list (Alexa 2015) misses: popular sites and
 * services that grew after 2015, and official government portals people are sent to. Merged into
 * `WELL_KNOWN_DOMAINS` by `well-known.ts`. Registrable domains only; no hosting platforms.
 */
export const WELL_KNOWN_EXTRA: readonly string[] = [
  // AI, software and developer sites
  'openai.com', 'chatgpt.com', 'anthropic.com', 'claude.ai', 'perplexity.ai', 'mistral.ai', 'huggingface.co',
  'vercel.com', 'netlify.com', 'cloudflare.com', 'supabase.com', 'react.dev', 'vitejs.dev',
  'nextjs.org', 'svelte.dev', 'vuejs.org', 'angular.dev', 'deno.com', 'bun.sh', 'go.dev', 'rust-lang.org',
  'python.org', 'nodejs.org', 'npmjs.com', 'pypi.org', 'typescriptlang.org', 'kotlinlang.org', 'docker.com',
  'kubernetes.io', 'gitlab.com', 'bitbucket.org', 'atlassian.com', 'atlassian.net', 'jetbrains.com', 'figma.com',
  'linear.app', 'slack.com', 'asana.com', 'monday.com', 'zoom.us', 'zoom.com', 'webex.com', '1password.com',
  'bitwarden.com', 'lastpass.com', 'proton.me', 'duckduckgo.com', 'brave.com', 'signal.org', 'kaggle.com',
  // social, media and streaming
  'tiktok.com', 'x.com', 'threads.net', 'bsky.app', 'discord.com', 'twitch.tv', 'snapchat.com', 'telegram.org',
  'whatsapp.com', 'disneyplus.com', 'max.com', 'hbomax.com', 'peacocktv.com', 'paramountplus.com', 'hulu.com',
  'crunchyroll.com', 'spotify.com', 'soundcloud.com', 'patreon.com', 'nytimes.com', 'theguardian.com', 'apnews.com',
  'npr.org', 'theverge.com', 'arstechnica.com', 'axios.com', 'politico.com', 'bloomberg.com', 'reuters.com',
  // money
  'robinhood.com', 'coinbase.com', 'kraken.com', 'venmo.com', 'cash.app', 'zellepay.com', 'revolut.com',
  'monzo.com', 'starlingbank.com', 'wise.com', 'klarna.com', 'affirm.com', 'afterpay.com', 'sofi.com',
  'chime.com', 'stripe.com', 'squareup.com', 'plaid.com', 'creditkarma.com', 'nerdwallet.com', 'usbank.com',
  'navyfederal.org', 'usaa.com', 'truist.com', 'ally.com', 'discover.com', 'americanexpress.com',
  // shopping, travel, food, services
  'temu.com', 'shein.com', 'etsy.com', 'wayfair.com', 'chewy.com', 'target.com', 'costco.com', 'homedepot.com',
  'lowes.com', 'bestbuy.com', 'ikea.com', 'instacart.com', 'doordash.com', 'ubereats.com', 'grubhub.com', 'uber.com',
  'lyft.com', 'airbnb.com', 'vrbo.com', 'booking.com', 'expedia.com', 'resy.com', 'opentable.com', 'ticketmaster.com',
  'eventbrite.com', 'zillow.com', 'redfin.com', 'realtor.com', 'rightmove.co.uk', 'indeed.com', 'glassdoor.com',
  'duolingo.com', 'coursera.org', 'udemy.com', 'khanacademy.org', 'instructure.com', 'tesla.com', 'rivian.com',
  // government portals
  'usa.gov', 'login.gov', 'id.me', 'ssa.gov', 'irs.gov', 'medicare.gov', 'studentaid.gov', 'ftc.gov', 'usps.com',
  'gov.uk', 'service.gov.uk', 'nhs.uk', 'canada.ca', 'my.gov.au', 'ato.gov.au', 'servicesaustralia.gov.au',
  'india.gov.in', 'incometax.gov.in', 'uidai.gov.in', 'parivahan.gov.in', 'govt.nz',
];

/**
 * Platforms where anyone can publish a page under the platform's name: free web hosting, site
 * builders, app and static hosting, cloud storage buckets, tunnels, dynamic DNS, file and
 * document sharing, form builders and IPFS gateways. A popular platform is not a safe site: its
 * pages belong to whoever made them, and phishing kits live there. Used by the URL rules and by
 * the well-known-domain list generator (these domains are never on that list).
 */

/** What kind of platform a host is on. */
export type HostingKind =
  | 'free-hosting'
  | 'app-hosting'
  | 'cloud-storage'
  | 'tunnel'
  | 'dynamic-dns'
  | 'file-sharing'
  | 'form-builder'
  | 'ipfs-gateway';

/**
 * Platform domains (matched as the host or a parent of it) and their kind. Many are on the
 * private part of the public-suffix list, so a page's registrable domain is the user's own
 * subdomain ("paypal-login.web.app"); matching by host suffix catches both.
 */
const PLATFORMS: Readonly<Record<HostingKind, readonly string[]>> = {
  'free-hosting': [
    '000webhostapp.com', '000webhost.com', 'blogspot.com', 'wordpress.com', 'tumblr.com', 'weebly.com', 'weeblysite.com',
    'wixsite.com', 'wix.com', 'wixstudio.io', 'editorx.io', 'yolasite.com', 'jimdosite.com', 'jimdo.com', 'webnode.page',
    'webnode.com', 'site123.me', 'mystrikingly.com', 'strikingly.com', 'godaddysites.com', 'square.site', 'squarespace.com',
    'carrd.co', 'tilda.ws', 'ucoz.net', 'ucoz.com', 'narod.ru', 'byethost.com', 'epizy.com', 'rf.gd', 'infinityfreeapp.com',
    'freehostia.com', 'altervista.org', 'atwebpages.com', 'hyperphp.com', 'x10host.com', 'awardspace.com', 'biz.nf',
    'sitey.me', 'ukit.me', 'mobirisesite.com', 'simplesite.com', 'webs.com', 'emyspot.com', 'bravesites.com',
    'hpage.com', 'tripod.com', 'angelfire.com', 'neocities.org', 'start.page', 'wpcomstaging.com', 'myportfolio.com',
    'substack.com', 'medium.com', 'telegra.ph', 'notion.site', 'gitbook.io', 'super.site', 'typedream.app', 'canva.site',
    'my.canva.site', 'framer.website', 'framer.app', 'framer.ai', 'webflow.io', 'wixsite.org', 'hubspotpagebuilder.com',
    'hs-sites.com', 'mailchimpsites.com', 'mailchi.mp', 'ueniweb.com', 'business.site', 'linkinbio.page', 'beacons.ai',
    'taplink.cc', 'bio.link', 'about.me', 'lovable.app', 'bolt.host', 'v0.app', 'vusercontent.net', 'wuaze.com',
    'zya.me', 'ct.ws', 'great-site.net', 'lovestoblog.com', 'free.nf', 'kesug.com', 'page.gd', 'blogspot.co.uk',
    'glide.page', 'softr.app', 'bubbleapps.io', 'adalo.com', 'yola.com', 'site.pro', 'odoo.com', 'zohosites.com',
    'wpdevcloud.com', 'builderallwppro.com', 'hostingersite.com', 'wasmer.app', 'weblium.site', 'tilda.ws',
    'webwave.dev', 'usrfiles.com', 'mipaginaweb.us', 'co.vu',
    // free and cheap hosts and site builders seen hosting phishing in the training side of the data
    'webcindario.com', '16mb.com', '890m.com', 'esy.es', 'temp-site.link', 'filesusr.com', 'creatorlink.net',
    'htmlpasta.com', 'wpsandbox.app', 'joomla.com', 'myfreesites.net', 'hostfree.pw', '5gbfree.com', '10web.site',
    'c1.biz', 'moonfruit.com', 'site44.com', 'yahoosites.com', 'royalwebhosting.net', 'liveblog365.com', 'brizy.site',
    'ontrapages.com', 'umbler.net', 'codeanyapp.com', 'shopifypreview.com', 'dreamwp.com', 'flywheelsites.com',
    'publicvm.com', 'beget.tech', 'ferozo.com', 'zap-webspace.com', 'nitrado.hosting', 'kl.com.ua', 'zzz.com.ua', 'at.ua',
    'sitebeat.crazydomains.com', 'arweave.net', 'appdomain.cloud',
    // shared-hosting technical names (a customer's site before it has its own domain)
    'regruhosting.ru', 'tw1.ru', 'xsph.ru', 'swtest.ru', 'mybluehost.me', 'cloudwaysapps.com', 'bero-webspace.de',
    'cloudclusters.net',
    // free second-level names: anyone gets one
    'my.id', 'biz.id', 'web.id', 'eu.org', 'pp.ua', 'in.net', 'co.cc', 'cz.cc', 'us.to', 'uk.to', 'ftp.sh',
    // Blogger under its country domains
    ...['com', 'co.uk', 'ca', 'com.au', 'com.br', 'com.ng', 'com.tr', 'com.es', 'com.ar', 'co.za', 'co.id', 'co.ke',
      'co.nz', 'de', 'fr', 'it', 'in', 'jp', 'kr', 'mx', 'nl', 'pt', 'ru', 'se', 'sg', 'tw', 'hk', 'ie', 'be', 'ch',
      'cl', 'pe', 'ro', 'gr', 'cz', 'sk', 'hu', 'dk', 'no', 'fi', 'ae', 'my', 'vn', 'com.eg', 'com.co'].map((cc) => `blogspot.${cc}`),
  ],
  'app-hosting': [
    'github.io', 'gitlab.io', 'bitbucket.io', 'firebaseapp.com', 'web.app', 'pages.dev', 'workers.dev', 'vercel.app',
    'now.sh', 'netlify.app', 'netlify.com', 'herokuapp.com', 'herokudns.com', 'glitch.me', 'repl.co', 'replit.app',
    'replit.dev', 'onrender.com', 'fly.dev', 'railway.app', 'up.railway.app', 'azurewebsites.net', 'azurestaticapps.net',
    'azureedge.net', 'cloudapp.net', 'cloudapp.azure.com', 'appspot.com', 'run.app', 'cloudfunctions.net', 'deno.dev',
    'surge.sh', 'stackblitz.io', 'codesandbox.io', 'csb.app', 'pythonanywhere.com', 'ondigitalocean.app', 'kinsta.app',
    'amplifyapp.com', 'elasticbeanstalk.com', 'awsapprunner.com', 'cloudfront.net', 'b-cdn.net', 'fastly.net',
    'edgeone.app', 'translate.goog', 'qualtrics.com', 'myshopify.com', 'wpengine.com', 'wpenginepowered.com',
    'pantheonsite.io', 'backendless.app', 'streamlit.app', 'hf.space', 'zapier.app', 'firebase.app', 'pages.github.com',
    'ic0.app', 'icp0.io',
  ],
  'cloud-storage': [
    's3.amazonaws.com', 'amazonaws.com', 'storage.googleapis.com', 'firebasestorage.googleapis.com',
    'blob.core.windows.net', 'web.core.windows.net', 'r2.dev', 'r2.cloudflarestorage.com', 'digitaloceanspaces.com',
    'oraclecloud.com', 'backblazeb2.com', 'wasabisys.com', 'linodeobjects.com', 'storage.yandexcloud.net',
    'aliyuncs.com', 'myqcloud.com', 'cloudinary.com', 'supabase.co', 'appwrite.global',
  ],
  tunnel: [
    'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'ngrok.dev', 'trycloudflare.com', 'loca.lt', 'localtunnel.me', 'serveo.net',
    'pagekite.me', 'localhost.run', 'lhr.life', 'telebit.io', 'sslip.io', 'nip.io', 'xip.io', 'devtunnels.ms', 'pinggy.link',
  ],
  'dynamic-dns': [
    'duckdns.org', 'no-ip.com', 'no-ip.org', 'no-ip.biz', 'no-ip.info', 'noip.me', 'ddns.net', 'hopto.org', 'zapto.org',
    'sytes.net', 'servebeer.com', 'serveftp.com', 'servehttp.com', 'myftp.biz', 'myftp.org', 'redirectme.net',
    'dyndns.org', 'dyndns.com', 'dynu.net', 'dynu.com', 'freedns.afraid.org', 'mooo.com', 'chickenkiller.com',
    'changeip.com', 'dnsalias.com', 'dnsalias.net', 'homeip.net', 'ddnsking.com', 'gotdns.ch', '3utilities.com',
    'bounceme.net', 'webhop.me', 'myddns.me', 'ddns.me', 'dedyn.io', 'freeddns.org', 'kozow.com',
    // FreeDNS (afraid.org) shared domains
    'crabdance.com', 'endoftheinternet.org', 'strangled.net', 'twilightparadox.com', 'jumpingcrab.com',
    'ignorelist.com', 'mine.nu', 'ddnsfree.com', 'accesscam.org', 'camdvr.org', 'casacam.net', 'freeddns.us',
  ],
  'file-sharing': [
    'dropbox.com', 'dropboxusercontent.com', 'db.tt', 'wetransfer.com', 'we.tl', 'sendspace.com', 'mediafire.com',
    'mega.nz', 'mega.io', 'box.com', 'app.box.com', 'sharepoint.com', '1drv.ms', 'onedrive.live.com', 'docs.google.com',
    'drive.google.com', 'sites.google.com', 'script.google.com', 'googleusercontent.com', 'sendgb.com', 'filetransfer.io',
    'transfernow.net', 'smash.gg', 'zippyshare.com', 'anonfiles.com', 'gofile.io', 'pixeldrain.com', 'files.fm',
    'file.io', 'jumpshare.com', 'pcloud.com', 'icedrive.net', 'issuu.com', 'scribd.com', 'slideshare.net', 'yumpu.com',
    'flipsnack.com', 'flipbookpdf.net', 'fliphtml5.com', 'padlet.com', 'evernote.com', 'quip.com', 'coda.io',
    'dochub.com', 'pdffiller.com', 'smallpdf.com', 'ilovepdf.com', 'docdroid.net', 'pastebin.com', 'paste.ee',
    'rentry.co', 'hackmd.io', 'airtable.com', 'miro.com', 'prezi.com', 'genially.com', 'canva.com', 'figma.com',
    'notion.so', 'clickup.com', 'campaign-archive.com', 'sway.office.com', 'sway.cloud.microsoft', 'onenote.com',
    'forms.office.com', 'forms.microsoft.com', 'loom.com', 'dropboxpaper.com',
  ],
  'form-builder': [
    'forms.gle', 'typeform.com', 'jotform.com', 'jotform.me', 'surveymonkey.com', 'surveymonkey.net', 'formstack.com',
    'cognitoforms.com', 'wufoo.com', '123formbuilder.com', 'formsite.com', 'zohopublic.com', 'formcrafts.com',
    'paperform.co', 'tally.so', 'formspree.io', 'getform.io', 'basin.com', 'smartsheet.com', 'hsforms.com',
    'survey.alchemer.com', 'alchemer.com', 'questionpro.com', 'forms.app', 'fillout.com', 'formaloo.com', 'yourform.ru',
  ],
  'ipfs-gateway': [
    'ipfs.io', 'dweb.link', 'cloudflare-ipfs.com', 'gateway.pinata.cloud', 'mypinata.cloud', 'nftstorage.link',
    'w3s.link', 'ipfs.w3s.link', 'infura-ipfs.io', 'fleek.co', 'on.fleek.co', 'ipfs.fleek.co', '4everland.io',
    'ipfs.eth.aragon.network', 'cf-ipfs.com', 'storry.tv', 'ipfs.runfission.com', 'gateway.ipfs.io', 'ipfs.dweb.link',
    'crustwebsites.net', 'hardbin.com', 'jorropo.net', 'astyanax.io', 'ipfs.best-practice.se', 'filebase.io',
    'myfilebase.com', 'storacha.link', 'eth.limo', 'eth.link',
  ],
};

/**
 * Hosts where only some paths are user content: Google Sites, Forms, Docs and Drive live under
 * `google.com`, whose other pages are Google's own.
 */
const PATH_PLATFORMS: readonly { readonly host: string; readonly prefix: string; readonly kind: HostingKind }[] = [
  { host: 'google.com', prefix: '/forms', kind: 'form-builder' },
  { host: 'www.google.com', prefix: '/forms', kind: 'form-builder' },
  { host: 'google.com', prefix: '/url', kind: 'app-hosting' },
  { host: 'www.google.com', prefix: '/url', kind: 'app-hosting' },
  { host: 'google.com', prefix: '/amp/', kind: 'app-hosting' },
  { host: 'www.google.com', prefix: '/amp/', kind: 'app-hosting' },
];

/** Numbered hosts of free hosts ("byethost12.com"). */
const NUMBERED_FREE_HOSTS = /^(?:byethost|freehostia|hostinger|ezyro)\d{1,3}\.com$/;

/** Blogger under any country domain ("blogspot.lt", "blogspot.com.by"), listed or not. */
const BLOGSPOT = /^blogspot\.(?:com?\.)?[a-z]{2,3}$/;

/**
 * Blogs and publishing sites where people write under their own name: a link to one of their
 * pages is usually a post, so a URL scan does not call it suspicious for the platform alone.
 */
const PUBLISHING_PLATFORMS: ReadonlySet<string> = new Set(['wordpress.com', 'tumblr.com', 'medium.com', 'substack.com', 'prezi.com', 'about.me']);

/** True when `platform` (a {@link HostingMatch.platform}) is a blog or publishing site (Blogger on any domain included). */
export function isPublishingPlatform(platform: string): boolean {
  return PUBLISHING_PLATFORMS.has(platform) || BLOGSPOT.test(platform);
}

/** Every platform domain and its kind. */
export const HOSTING_PLATFORMS: ReadonlyMap<string, HostingKind> = new Map(
  (Object.entries(PLATFORMS) as [HostingKind, readonly string[]][]).flatMap(([kind, domains]) => domains.map((d) => [d, kind] as const)),
);

/** A platform a host is on: the platform's domain as listed and its kind. */
export interface HostingMatch {
  readonly platform: string;
  readonly kind: HostingKind;
  /** The labels in front of the platform's domain (the part the page's owner chose), '' when none or `www`. */
  readonly ownerPart: string;
  /**
   * True when the link is someone's content on the platform rather than the platform's own site:
   * a subdomain of the platform ("paypal-login.web.app"), or a path on a sharing, form, storage
   * or IPFS host ("docs.google.com/forms/...", "ipfs.io/ipfs/..."). "www.netlify.com/blog" is not.
   */
  readonly userContent: boolean;
}

/**
 * Product sites whose own pages (sign-in, billing, password reset) sit beside users' shared
 * content: only these paths are someone's content.
 */
const CONTENT_PATHS: ReadonlyMap<string, RegExp> = new Map([
  ['dropbox.com', /^\/(?:s|sh|scl|l|t|transfer|request)\//],
  ['figma.com', /^\/(?:file|design|proto|board|slides|deck|community\/file)\//],
  ['canva.com', /^\/design\//],
  ['box.com', /^\/(?:s|v)\//],
  ['wetransfer.com', /^\/downloads\//],
  ['mediafire.com', /^\/(?:file|folder|view)\//],
  ['airtable.com', /^\/(?:shr|app)[a-z0-9]/],
  ['miro.com', /^\/app\/board\//],
  ['evernote.com', /^\/shard\//],
  ['clickup.com', /^\/(?:t|l)\//],
  ['typeform.com', /^\/to\//],
  ['jotform.com', /^\/(?:form\/)?\d/],
  ['surveymonkey.com', /^\/r\//],
  // pages end in their 32-hex id ("/acme/Team-Wiki-4f6c...e2"); "/login", "/pricing" are Notion's own
  ['notion.so', /[0-9a-f]{32}(?:[/?#]|$)/],
]);

/**
 * Paths of a file-sharing host that are really something else: a Google Form on docs.google.com,
 * or a Doc, Sheet or Slides deck "published to the web" (`/d/e/<id>/pub`), a public web page of
 * its own rather than a file shared with someone.
 */
const KIND_BY_PATH: ReadonlyMap<string, readonly { readonly path: RegExp; readonly kind: HostingKind }[]> = new Map([
  ['docs.google.com', [
    { path: /^\/forms\//, kind: 'form-builder' },
    { path: /^\/(?:document|spreadsheets|presentation)\/d\/e\/[^/]+\/pub/, kind: 'free-hosting' },
  ]],
]);

/** Kinds whose own host serves users' content under its paths. */
const CONTENT_UNDER_PATH: ReadonlySet<HostingKind> = new Set(['file-sharing', 'form-builder', 'ipfs-gateway', 'cloud-storage', 'tunnel']);

/**
 * Single labels that site builders and app platforms keep for their own services (documentation,
 * static files, the editor, help in a language): "static.wix.com", "hilfe.jimdo.com", "es.jimdo.com"
 * are the platform's pages, not a user's. Only on kinds whose names are handed out by the platform
 * (free hosting, app hosting), never on dynamic DNS, where any free name can be had.
 */
const PLATFORM_SERVICE_LABEL = /^(?:[a-z]{2}|static|editor|dev|blog|help|hilfe|aide|ayuda|support|answers|affiliates|manual|docs|api|cdn|status|forum|forums|community|learn|developers?|partners?|press|careers|jobs|news)$/;
const PLATFORM_NAMED_KINDS: ReadonlySet<HostingKind> = new Set(['free-hosting', 'app-hosting']);

/** At most this many parent domains are tried (a host has at most 127 labels; phishing hosts a dozen). */
const MAX_PARENTS = 12;

/**
 * The hosting platform `host` is on (the longest listed parent domain wins), or null. `path` is
 * the lower-cased path and query ('' when none), for platforms that host user content under
 * some paths only.
 */
export function hostingPlatformOf(host: string, path = ''): HostingMatch | null {
  let name = host;
  let best: HostingMatch | null = null;
  for (let i = 0; i < MAX_PARENTS; i++) {
    const listed = HOSTING_PLATFORMS.get(name) ?? (NUMBERED_FREE_HOSTS.test(name) || BLOGSPOT.test(name) ? 'free-hosting' : undefined);
    const byPath = listed && KIND_BY_PATH.get(name)?.find((k) => k.path.test(path))?.kind;
    const kind = byPath ?? listed;
    if (kind !== undefined) {
      const owner = host.slice(0, Math.max(0, host.length - name.length - 1));
      const ownerPart = owner === 'www' ? '' : owner;
      const paths = CONTENT_PATHS.get(name);
      // on a product with known content paths, the subdomains are the company's own (help.figma.com)
      const serviceLabel = PLATFORM_NAMED_KINDS.has(kind) && PLATFORM_SERVICE_LABEL.test(ownerPart);
      const userContent =
        paths !== undefined ? paths.test(path) : (ownerPart !== '' && !serviceLabel) || byPath !== undefined || (CONTENT_UNDER_PATH.has(kind) && path.length > 1);
      best = { platform: name, kind, ownerPart, userContent };
    }
    const dot = name.indexOf('.');
    if (dot === -1) break;
    name = name.slice(dot + 1);
  }
  if (best !== null) return best;
  for (const p of PATH_PLATFORMS) {
    if (host === p.host && path.startsWith(p.prefix)) return { platform: `${p.host}${p.prefix}`, kind: p.kind, ownerPart: '', userContent: true };
  }
  return null;
}

/** Path segments of a path-hosted page that count as the part its owner chose ("/view/<site>/<page>"). */
const OWNER_PATH_SEGMENTS = 4;

/**
 * The part of a hosting-platform address that the page's owner chose: the subdomain
 * ("paypal-login" of paypal-login.web.app), or on path-hosted platforms (Google Sites and Forms)
 * the first path segments joined by dots ("view.wellsfargo-online"). Empty when there is none.
 */
export function ownerChosenPart(match: HostingMatch, path: string): string {
  if (match.ownerPart !== '' || path.length <= 1) return match.ownerPart;
  const q = path.search(/[?#]/);
  const p = (q === -1 ? path : path.slice(0, q)).slice(0, 300);
  return p.split('/').filter((s) => s.length > 0).slice(0, OWNER_PATH_SEGMENTS).join('.').replace(/_/g, '-');
}

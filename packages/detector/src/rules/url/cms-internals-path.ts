/** A page inside a website's software folders: "/wp-includes/Text/Diff/Engine/Login.htm", "/wp-content/themes/jay/82b0.../". */
import type { Span } from '../../types';
import { fact, type LinkRule } from '../types';
import { wellKnownDomain } from './well-known-domain';

/**
 * Folders of a site's software (WordPress core, themes and plugins, `.well-known`) or of its
 * static files (`/images/`, `/css/`, `/includes/`...) holding a page. A site links its visitors to
 * its pages, not into these folders; a phishing kit uploaded to a hacked site lands there.
 * Static files (scripts, styles, pictures, fonts, documents) in them are ordinary.
 */
const INTERNALS =
  /\/(wp-includes|wp-admin|wp-content\/(?:themes|plugins|languages|upgrade)|\.well-known|admin|administrator|includes|images|img|css|js|tmp|cache)\/(?:[^?#]*\/)?([^/?#]*)(?:[?#]|$)/i;
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|ico|bmp|woff2?|ttf|eot|otf|pdf|txt|xml|json|zip|mp4|mp3|webm)$/i;

/**
 * Fires when the path leads to a page (not a static file) inside such a folder of a website that
 * is not well known. Fact: the folder.
 */
export const cmsInternalsPath: LinkRule = {
  scope: 'link',
  id: 'cms-internals-path',
  label: "Link leads into a website's internal software folders, where phishing pages are planted on hacked sites",
  severity: 'medium',
  category: 'hacked-site',
  detect(link, ctx): Span[] | null {
    if (link.rest.length < 5) return null;
    const m = INTERNALS.exec(link.rest.length > 1024 ? link.rest.slice(0, 1024) : link.rest);
    if (m === null || m[1] === undefined) return null;
    const leaf = m[2] ?? '';
    if (STATIC_FILE.test(leaf)) return null;
    // "/admin/" and the static folders count only when they hold a script or page ("/images/login.php")
    if (!/^(?:wp-|\.well-known)/i.test(m[1]) && !/\.(?:php\d?|html?|aspx?|jsp|cgi)$/i.test(leaf)) return null;
    if (wellKnownDomain.detect(link, ctx) !== null) return null;
    return [fact(m[1].toLowerCase())];
  },
};

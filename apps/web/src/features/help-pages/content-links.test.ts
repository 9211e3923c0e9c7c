import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { HELP_PAGE_IDS, type HelpPageId } from '@baitcheck/contracts/lite';
import { Markdown, markdownOutline } from '@/components/help/markdown';
import { KNOWLEDGE_BASE_ARTICLE_PARAM, paths } from '@/config/paths';
import { articleIds, readHelpPage } from './content.testing';

/**
 * The help pages' links, as rendered, all lead somewhere real: a route of the app, a section of
 * a help page that exists (ids as the renderer makes them), a Knowledge Base article that exists.
 * A renamed heading or article shows up here, not as a dead link.
 */
const ROUTES = new Set<string>(Object.values(paths).filter((p) => !p.includes(':')));
const PAGE_PATHS: Record<string, HelpPageId> = { [paths.privacyPolicy]: 'privacy-policy', [paths.termsOfService]: 'terms-of-service', [paths.faq]: 'faq' };
// the Account page's tabs a link may open (`?tab=`)
const ACCOUNT_TABS = new Set(['family', 'assistant']);

const idsOf = (id: HelpPageId) => new Set(markdownOutline(readHelpPage(id).body).map((h) => h.id));

describe.each(HELP_PAGE_IDS)('the links of %s', (id) => {
  const { container } = render(createElement(Markdown, { source: readHelpPage(id).body }));
  const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');

  it('are all links of this app, to pages that exist', () => {
    expect(links.length).toBeGreaterThan(5);
    for (const href of links) {
      expect(href, href).toMatch(/^[/#]/);
      if (href.startsWith('#')) continue;
      const url = new URL(href, 'https://app.test');
      expect(ROUTES.has(url.pathname), href).toBe(true);
    }
  });

  it('lead to sections that exist', () => {
    for (const href of links) {
      const url = new URL(href, `https://app.test/${id}`);
      if (!url.hash) continue;
      const page = PAGE_PATHS[url.pathname];
      expect(page, `${href}: anchors only on help pages`).toBeDefined();
      expect(idsOf(page!).has(decodeURIComponent(url.hash.slice(1))), href).toBe(true);
    }
  });

  it('name Knowledge Base articles and Account tabs that exist', () => {
    const articles = articleIds();
    for (const href of links) {
      const url = new URL(href, 'https://app.test');
      if (url.pathname === paths.knowledgeBase && url.searchParams.has(KNOWLEDGE_BASE_ARTICLE_PARAM)) {
        expect(articles.has(url.searchParams.get(KNOWLEDGE_BASE_ARTICLE_PARAM)!), href).toBe(true);
      }
      if (url.pathname === paths.account && url.searchParams.has('tab')) expect(ACCOUNT_TABS.has(url.searchParams.get('tab')!), href).toBe(true);
    }
  });
});

describe('the help pages', () => {
  it('are dated, the Privacy Policy when it last changed (README differences)', () => {
    expect(readHelpPage('privacy-policy').updated).toBe('2026-11-28');
    for (const id of HELP_PAGE_IDS) expect(readHelpPage(id).updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('say the facts of the specification: minimum age 13, family managers 18 or over, 14-day money-back, 30 days of notice', () => {
    const privacy = readHelpPage('privacy-policy').body.replace(/\s+/g, ' ');
    const terms = readHelpPage('terms-of-service').body.replace(/\s+/g, ' ');
    expect(terms).toContain('You must be 13 or older to use Baitcheck.');
    expect(privacy).toContain('Baitcheck is not for children under 13');
    expect(terms).toContain('must be 18 or over');
    expect(terms).toContain('## 14-day money-back guarantee');
    expect(terms).toContain('at least 30 days before it takes effect');
    expect(privacy).toContain('at least 30 days before it takes effect');
    // retention by plan, as the plans say it
    expect(privacy).toContain('7 days on Basic');
    expect(privacy).toContain('30 days on Premium');
    expect(privacy).toContain('90 days on Family');
  });
});

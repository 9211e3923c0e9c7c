import { HELP_PAGE_IDS, type HelpPage, type HelpPageId } from '@baitcheck/contracts';
import type { ContentPage } from '../../content/load-content.ts';
import { AppError } from '../../lib/app-error.ts';

const isHelpPageId = (id: string): id is HelpPageId => (HELP_PAGE_IDS as readonly string[]).includes(id);

/**
 * The help pages (Privacy Policy, Terms of Service, FAQ): Markdown from the content folder, read
 * and checked once when the server starts (`app.content`), so a request only looks one up.
 */
export function createHelpPagesService(pages: ReadonlyMap<HelpPageId, ContentPage>) {
  return {
    /** The page `id`, or 404 `HELP_PAGE_NOT_FOUND` for an id that is not a help page or a page not written. */
    get(id: string): HelpPage {
      const page = isHelpPageId(id) ? pages.get(id) : undefined;
      if (!page) throw new AppError('HELP_PAGE_NOT_FOUND');
      return { id: page.id, title: page.title, updated: page.updated, body: page.body };
    },
  };
}

/** The help pages service. */
export type HelpPagesService = ReturnType<typeof createHelpPagesService>;

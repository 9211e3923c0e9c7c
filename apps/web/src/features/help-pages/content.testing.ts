import type { HelpPage } from '@baitcheck/contracts';
import type { HelpPageId } from '@baitcheck/contracts/lite';

// the repository's `content/` folder, read at build time of the test (Vite's glob import)
const PAGES = import.meta.glob<string>('../../../../../content/pages/*.md', { query: '?raw', import: 'default', eager: true });
const ARTICLES = import.meta.glob<string>('../../../../../content/articles/**/*.md', { query: '?raw', import: 'default', eager: true });

/** A help page as the server serves it: front matter read (title, updated), Markdown body after it. */
export function readHelpPage(id: HelpPageId): HelpPage {
  const raw = PAGES[`../../../../../content/pages/${id}.md`];
  if (raw === undefined) throw new Error(`content/pages/${id}.md is missing`);
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw.replace(/\r\n?/g, '\n'));
  if (!match) throw new Error(`content/pages/${id}.md has no front matter`);
  const field = (name: string) => new RegExp(`^${name}:\\s*'?([^'\\n]*)'?$`, 'm').exec(match[1]!)?.[1] ?? '';
  return { id, title: field('title'), updated: field('updated'), body: match[2]!.replace(/^\n+/, '') };
}

/** The ids of the Knowledge Base articles in `content/articles/`. */
export function articleIds(): Set<string> {
  return new Set(Object.keys(ARTICLES).map((file) => file.replace(/^.*\//, '').replace(/\.md$/, '')));
}

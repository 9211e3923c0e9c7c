import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticleIdSchema, HELP_PAGE_IDS, KNOWLEDGE_BASE_CATEGORIES, type HelpPageId } from '@baitcheck/contracts';
import type { List, Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ArticleKind, Content, ContentArticle, ContentPage } from './types.ts';

export type { ArticleKind, Content, ContentArticle, ContentCall, ContentPage, ContentSource } from './types.ts';

/**
 * The text people read that is not code: Knowledge Base articles (which are also the assistant's
 * guidance) in `content/articles/<id>.md` and the help pages in `content/pages/<id>.md`, each
 * Markdown with YAML front matter. `content/README.md` is the writers' guide to the format.
 *
 * Everything is checked when the server starts, so a writer's mistake stops the start with the
 * file and what is wrong rather than showing a broken page later: unknown front matter keys (a
 * typo would otherwise be ignored silently), raw HTML (the Knowledge Base renders Markdown, and
 * HTML in content would be the one way to smuggle markup or script into a page), links other
 * than https, mail, phone or the app's own pages, and images (they would load from elsewhere
 * and tell that site who reads the page).
 */

/** The repository's `content/` folder (this file is `apps/server/src/content/load-content.ts`). */
export const CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));

/** The kinds of article the assistant knows. */
export const ARTICLE_KINDS = ['scam-type', 'after-a-scam', 'reporting', 'protection', 'product'] as const satisfies readonly ArticleKind[];
/** The regions advice may be specific to. */
export const ARTICLE_REGIONS = ['US', 'UK', 'CA', 'AU', 'IE', 'NZ', 'IN', 'EU'] as const;
/** An article's order when its front matter gives none: after the ones placed first. */
export const DEFAULT_ARTICLE_ORDER = 100;

/** The section whose numbered list is the article's steps (required). */
const STEPS_HEADING = 'What to do';
/** The section whose bulleted list is the article's signs (optional). */
const SIGNS_HEADING = 'Signs to look for';

const text = (what: string) => z.string({ error: `${what} must be text` }).trim().min(1, `${what} is empty`);

const httpsUrl = z.string({ error: 'a source url must be text' }).refine((url) => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}, 'a source url must be a full https:// address');

const SourceSchema = z.strictObject({ name: text('a source name'), url: httpsUrl });
const CallSchema = z.strictObject({
  number: text('a call number'),
  dial: z.string({ error: 'dial must be text (quote it)' }).regex(/^\+?\d{3,15}$/, 'dial must be 3 to 15 digits with an optional leading +'),
  who: text('who'),
});

const ArticleFrontMatterSchema = z.strictObject({
  title: text('title'),
  category: z.enum(KNOWLEDGE_BASE_CATEGORIES, { error: `category must be one of ${KNOWLEDGE_BASE_CATEGORIES.join(', ')}` }),
  kind: z.enum(ARTICLE_KINDS, { error: `kind must be one of ${ARTICLE_KINDS.join(', ')}` }),
  summary: text('summary'),
  keywords: z.array(text('a keyword'), { error: 'keywords must be a list' }).min(1, 'keywords needs at least one'),
  region: z.enum(ARTICLE_REGIONS, { error: `region must be one of ${ARTICLE_REGIONS.join(', ')}` }).optional(),
  sources: z.array(SourceSchema, { error: 'sources must be a list' }).default([]),
  calls: z.array(CallSchema, { error: 'calls must be a list' }).optional(),
  order: z.number({ error: 'order must be a whole number' }).int('order must be a whole number').min(0, 'order must be 0 or more').default(DEFAULT_ARTICLE_ORDER),
});

/**
 * A page's date, 'YYYY-MM-DD' quoted or not: the YAML parser (YAML 1.2) keeps an unquoted
 * 2025-04-07 as text, where YAML 1.1 parsers would make it a timestamp.
 */
const PageDateSchema = z
  .string({ error: "updated must be a date written YYYY-MM-DD, such as '2025-04-07'" })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: "updated must be a real date written YYYY-MM-DD, such as '2025-04-07'",
  });

const PageFrontMatterSchema = z.strictObject({ title: text('title'), updated: PageDateSchema });

/** One problem, in the words a writer needs: which file, what is wrong. */
class Problems {
  readonly list: string[] = [];
  constructor(private readonly root: string) {}
  add(file: string, problem: string): void {
    const line = `${relative(this.root, file) || file}: ${problem}`;
    // '<b>bold</b>' is two HTML nodes on one line: one problem to fix
    if (!this.list.includes(line)) this.list.push(line);
  }
}

/** A zod issue as a sentence about the front matter (`data`, as parsed). */
function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? ` in ${issue.path.join('.')}` : '';
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${where} in the front matter`;
  }
  const path = issue.path.join('.');
  const key = issue.path[0];
  if (issue.path.length === 1 && typeof key === 'string' && !Object.hasOwn(data as object, key)) return `the front matter has no ${path}`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Splits a file into its front matter (parsed YAML) and its Markdown body, with the body's first line number. */
function splitFile(raw: string): { data: unknown; body: string; bodyLine: number } | { error: string } {
  const lines = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') return { error: 'the file must start with front matter: a line "---", the YAML keys, then another "---"' };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end < 0) return { error: 'the front matter has no closing "---" line' };
  let data: unknown;
  try {
    data = parseYaml(lines.slice(1, end).join('\n'));
  } catch (err) {
    // the parser counts lines from the first key; the writer's editor counts from the file's top
    const at = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    const what = ((err as Error).message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    return { error: `${at === undefined ? '' : `line ${at + 1}: `}the front matter is not valid YAML: ${what}` };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { error: 'the front matter must be a list of "key: value" lines' };
  let first = end + 1;
  while (first < lines.length && lines[first]?.trim() === '') first += 1;
  return { data, body: `${lines.slice(first).join('\n').trimEnd()}\n`, bodyLine: first + 1 };
}

/** Links may go to https pages, email addresses, phone numbers, the app's own pages ('/subscription') or a place on the page. */
function linkProblem(url: string): string | null {
  if (url.startsWith('#')) return null;
  if (url.startsWith('/')) return url.startsWith('//') ? `link "${url}": write the full https:// address` : null;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return `link "${url}" is neither a full https:// address nor a page of the app starting with /`;
  }
  return ['https:', 'mailto:', 'tel:'].includes(protocol) ? null : `link "${url}": only https://, mailto:, tel: and the app's own pages (/...) may be linked`;
}

/** A link to a Knowledge Base article: `/knowledge-base?article=<id>`. */
const ARTICLE_LINK = /^\/knowledge-base\?article=([^&#]*)/;

/** A link from content to an article, checked once every article is known. */
interface ArticleLink {
  id: string;
  file: string;
  line: number | undefined;
}

/**
 * Checks what any content body may hold: no raw HTML, no images, no h1 (the page gives it), safe
 * links. Returns its links to articles.
 */
function checkBody(tree: Root, report: (problem: string, line?: number) => void): { id: string; line: number | undefined }[] {
  const links: { id: string; line: number | undefined }[] = [];
  const walk = (node: Nodes) => {
    const line = node.position?.start.line;
    if (node.type === 'html') report('raw HTML is not allowed: write Markdown instead', line);
    else if (node.type === 'image' || node.type === 'imageReference') report('images are not supported', line);
    else if (node.type === 'heading' && node.depth === 1) report('use "##" for sections: the page already shows the title as its heading', line);
    else if (node.type === 'link' || node.type === 'definition') {
      const problem = linkProblem(node.url);
      if (problem) report(problem, line);
      const article = ARTICLE_LINK.exec(node.url);
      if (article) links.push({ id: decodeURIComponent(article[1] ?? ''), line });
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return links;
}

/** The top-level nodes under each '## ' heading, by the heading's text in lower case. */
function sectionsOf(tree: Root): Map<string, { nodes: RootContent[]; lines: (number | undefined)[] }> {
  const sections = new Map<string, { nodes: RootContent[]; lines: (number | undefined)[] }>();
  let current: RootContent[] | null = null;
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth <= 2) {
      const key = toString(node).trim().toLowerCase();
      const existing = sections.get(key);
      if (existing) {
        existing.lines.push(node.position?.start.line);
        current = existing.nodes;
      } else {
        current = [];
        sections.set(key, { nodes: current, lines: [node.position?.start.line] });
      }
      continue;
    }
    current?.push(node);
  }
  return sections;
}

/** A list item's text on one line; null when the item is not one paragraph. */
function itemText(item: List['children'][number]): string | null {
  if (item.children.length !== 1 || item.children[0]?.type !== 'paragraph') return null;
  return toString(item.children[0]).replace(/\s+/g, ' ').trim();
}

/**
 * The items of the one list of a section, each one paragraph of plain text (what the assistant
 * says: a link keeps its words, emphasis its text).
 */
function sectionList(tree: Root, heading: string, ordered: boolean, report: (problem: string, line?: number) => void): string[] | undefined {
  const section = sectionsOf(tree).get(heading.toLowerCase());
  if (!section) return undefined;
  const kind = ordered ? 'numbered list (1. 2. 3.)' : 'bulleted list (- item)';
  if (section.lines.length > 1) {
    report(`"## ${heading}" appears more than once`, section.lines[1]);
    return [];
  }
  const lists = section.nodes.filter((n): n is List => n.type === 'list');
  if (lists.length !== 1 || lists[0]?.ordered !== ordered) {
    report(`"## ${heading}" must hold exactly one ${kind}`, section.lines[0]);
    return [];
  }
  const items: string[] = [];
  for (const item of lists[0].children) {
    const t = itemText(item);
    if (t === null || t === '') report(`each item under "## ${heading}" must be one paragraph of text`, item.position?.start.line);
    else items.push(t);
  }
  return items;
}

/**
 * The plain text of an article's body outside its signs and steps (any other prose), which
 * search indexes at a low weight: the signs and steps are indexed on their own.
 */
export function proseOf(body: string): string {
  const tree = fromMarkdown(body);
  const skip = new Set([STEPS_HEADING.toLowerCase(), SIGNS_HEADING.toLowerCase()]);
  const kept: string[] = [];
  let inListSection = false;
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth <= 2) {
      inListSection = skip.has(toString(node).trim().toLowerCase());
      if (inListSection) continue;
    }
    if (inListSection && node.type === 'list') continue;
    kept.push(toString(node));
  }
  return kept.join('\n').replace(/\s+/g, ' ').trim();
}

/** Digits as dialled match digits as written: a country code may lead, a trunk 0 may go. */
function dialsWhatIsWritten(number: string, dial: string): boolean {
  const written = number.replace(/\D/g, '').replace(/^0/, '');
  const dialled = dial.replace(/\D/g, '');
  return written.length > 0 && dialled.endsWith(written) && dialled.length - written.length <= 2;
}

function loadArticle(file: string, id: string, raw: string, problems: Problems, links: ArticleLink[]): ContentArticle | null {
  const split = splitFile(raw);
  if ('error' in split) {
    problems.add(file, split.error);
    return null;
  }
  const before = problems.list.length;
  const report = (problem: string, line?: number) => problems.add(file, line === undefined ? problem : `line ${line + split.bodyLine - 1}: ${problem}`);
  if (!ArticleIdSchema.safeParse(id).success) problems.add(file, 'the file name is the article id: lower-case words joined by "-", then ".md" (how-to-spot-smishing.md)');
  const front = ArticleFrontMatterSchema.safeParse(split.data);
  if (!front.success) for (const issue of front.error.issues) problems.add(file, describeIssue(issue, split.data));

  const tree = fromMarkdown(split.body);
  for (const link of checkBody(tree, report)) links.push({ ...link, file, line: link.line === undefined ? undefined : link.line + split.bodyLine - 1 });
  const steps = sectionList(tree, STEPS_HEADING, true, report);
  if (steps === undefined) problems.add(file, `the article needs a "## ${STEPS_HEADING}" section with a numbered list: the assistant answers with it`);
  const signs = sectionList(tree, SIGNS_HEADING, false, report);

  if (front.success) {
    const answer = [front.data.summary, ...(steps ?? [])].join('\n');
    for (const call of front.data.calls ?? []) {
      if (!answer.includes(call.number)) problems.add(file, `call "${call.number}" must be written, exactly so, in the summary or a step of "## ${STEPS_HEADING}"`);
      if (!dialsWhatIsWritten(call.number, call.dial)) problems.add(file, `call "${call.number}" dials ${call.dial}: the digits dialled must be the digits written (a country code may lead)`);
    }
  }
  if (problems.list.length > before || !front.success || steps === undefined) return null;
  const f = front.data;
  return {
    id,
    title: f.title,
    category: f.category,
    kind: f.kind,
    keywords: f.keywords,
    summary: f.summary,
    steps,
    ...(signs !== undefined ? { signs } : {}),
    ...(f.region !== undefined ? { region: f.region } : {}),
    sources: f.sources,
    ...(f.calls !== undefined ? { calls: f.calls } : {}),
    body: split.body,
    order: f.order,
  };
}

function loadPage(file: string, id: string, raw: string, problems: Problems, links: ArticleLink[]): ContentPage | null {
  if (!(HELP_PAGE_IDS as readonly string[]).includes(id)) {
    problems.add(file, `not a help page: pages are ${HELP_PAGE_IDS.map((p) => `${p}.md`).join(', ')}`);
    return null;
  }
  const split = splitFile(raw);
  if ('error' in split) {
    problems.add(file, split.error);
    return null;
  }
  const before = problems.list.length;
  const front = PageFrontMatterSchema.safeParse(split.data);
  if (!front.success) for (const issue of front.error.issues) problems.add(file, describeIssue(issue, split.data));
  const bodyLinks = checkBody(fromMarkdown(split.body), (problem, line) => problems.add(file, line === undefined ? problem : `line ${line + split.bodyLine - 1}: ${problem}`));
  for (const link of bodyLinks) links.push({ ...link, file, line: link.line === undefined ? undefined : link.line + split.bodyLine - 1 });
  if (problems.list.length > before || !front.success) return null;
  return { id: id as HelpPageId, title: front.data.title, updated: front.data.updated, body: split.body };
}

/** The Markdown files under `dir` (sub-folders included); anything else is a problem, hidden files aside. */
function markdownFiles(dir: string, problems: Problems): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    // a link could lead out of the content folder (or to a folder named like a file): the content is what is in it
    if (entry.isSymbolicLink()) problems.add(path, 'a symbolic link: put the file itself in the content folder');
    else if (entry.isDirectory()) files.push(...markdownFiles(path, problems));
    else if (entry.name.endsWith('.md')) files.push(path);
    else problems.add(path, 'not a Markdown file: content files are named <id>.md');
  }
  return files;
}

const fileId = (file: string) => (file.split(/[\\/]/).pop() ?? file).replace(/\.md$/, '');

/**
 * Reads and checks the content folder: `articles/` (required; sub-folders allowed, ids unique)
 * and `pages/` (optional; each page optional). Synchronous: it runs once, as the server starts.
 * Throws one Error listing every problem found, each with its file.
 */
export function loadContent(dir: string = CONTENT_DIR): Content {
  const problems = new Problems(dir);
  const articlesDir = join(dir, 'articles');
  if (!existsSync(articlesDir) || !statSync(articlesDir).isDirectory()) throw new Error(`No articles folder: ${articlesDir}`);

  const articles: ContentArticle[] = [];
  const links: ArticleLink[] = [];
  const seen = new Map<string, string>();
  for (const file of markdownFiles(articlesDir, problems)) {
    const id = fileId(file);
    const first = seen.get(id);
    if (first !== undefined) {
      problems.add(file, `the id "${id}" is already taken by ${relative(dir, first)}: every article needs its own file name`);
      continue;
    }
    seen.set(id, file);
    const article = loadArticle(file, id, readFileSync(file, 'utf8'), problems, links);
    if (article) articles.push(article);
  }

  const pages = new Map<HelpPageId, ContentPage>();
  const pagesDir = join(dir, 'pages');
  if (existsSync(pagesDir)) {
    const seenPages = new Map<string, string>();
    for (const file of markdownFiles(pagesDir, problems)) {
      const first = seenPages.get(fileId(file));
      if (first !== undefined) {
        problems.add(file, `the page "${fileId(file)}" is already ${relative(dir, first)}: one file a page`);
        continue;
      }
      seenPages.set(fileId(file), file);
      const page = loadPage(file, fileId(file), readFileSync(file, 'utf8'), problems, links);
      if (page) pages.set(page.id, page);
    }
  }

  // a link to an article that does not exist would open the Knowledge Base's 'not found'
  for (const link of links) {
    if (!seen.has(link.id)) problems.add(link.file, `${link.line === undefined ? '' : `line ${link.line}: `}the link to the article "${link.id}" leads nowhere: there is no articles/${link.id}.md`);
  }

  if (problems.list.length > 0) {
    throw new Error(`The content folder ${dir} has ${problems.list.length === 1 ? 'a problem' : `${problems.list.length} problems`}:\n${problems.list.map((p) => `- ${p}`).join('\n')}`);
  }
  const rank = (category: ContentArticle['category']) => KNOWLEDGE_BASE_CATEGORIES.indexOf(category);
  articles.sort((a, b) => rank(a.category) - rank(b.category) || a.order - b.order || a.title.localeCompare(b.title, 'en'));
  return { articles, pages };
}

let loaded: Content | undefined;

/**
 * The repository's content, read and checked once per process: the server reads it as it starts,
 * and every app a test run builds shares the one copy (reading it takes a good tenth of a second).
 */
export function defaultContent(): Content {
  loaded ??= loadContent();
  return loaded;
}

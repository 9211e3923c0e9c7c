import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import renderMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import GithubSlugger from 'github-slugger';
import { Link } from 'wouter';
import { ExternalLink } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The app's one Markdown renderer (help pages, Knowledge Base articles). Content is ours and
 * checked by the server's loader, but the renderer is safe by itself whatever it is given:
 *
 * - no HTML ever: raw HTML in the Markdown is dropped (no rehype-raw), so `<script>` or
 *   `<img onerror>` renders as nothing;
 * - links: the app's own paths ('/subscription') through wouter (no page reload), `#` anchors on
 *   the page, https links in a new tab (saying so to screen readers), mailto: and tel:; any other
 *   scheme (javascript:, data:, http:) keeps its words and loses the link;
 * - images are not loaded (they would tell another site who reads the page): their alt text stays;
 * - headings get stable ids (GitHub's slugs) and can be shifted down a level or more.
 */

/** A heading of a Markdown document, as rendered: its source level, text, id and place in the source. */
export interface MarkdownHeading {
  /** The Markdown level: 2 for '## Cookies'. */
  depth: number;
  text: string;
  id: string;
  /** Offsets of the heading line in the source: what lies between two headings is a section. */
  start: number;
  end: number;
}

export interface MarkdownOptions {
  /**
   * Added to every heading's level: 0 (the default) renders '##' as an h2, for a page whose h1 is
   * its title; 1 renders it as an h3, for an article body under an h2 title. At most h6.
   */
  headingOffset?: number;
}

/** Ids the app's frame already uses: a heading named 'Main' must not take the main landmark's. */
const RESERVED_IDS = ['main', 'root'];

// The mdast nodes this module reads (local shapes: the web app has no direct mdast dependency).
interface MdNode {
  type: string;
  value?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

function textOf(node: MdNode): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/**
 * The remark plugin behind both the ids and the outline: each heading, in document order, gets a
 * unique slug of its text (GitHub's, 'What we collect' → 'what-we-collect') and its shifted level,
 * and is reported to `sink`. Doing both in one place is what keeps a table of contents' anchors
 * equal to the rendered ids.
 */
function remarkHeadings(options: { offset: number; sink?: MarkdownHeading[] }) {
  return (tree: MdNode) => {
    const slugger = new GithubSlugger();
    for (const id of RESERVED_IDS) slugger.slug(id);
    const walk = (node: MdNode) => {
      if (node.type === 'heading' && typeof node.depth === 'number') {
        const text = textOf(node).replace(/\s+/g, ' ').trim();
        const id = slugger.slug(text) || slugger.slug('section');
        const level = Math.min(6, Math.max(1, node.depth + options.offset));
        node.data = { ...node.data, hName: `h${level}`, hProperties: { ...node.data?.hProperties, id } };
        options.sink?.push({ depth: node.depth, text, id, start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 });
        return;
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}

/** Where a link goes, or null when it must not be a link. */
export type LinkTarget = { kind: 'internal'; href: string } | { kind: 'anchor'; href: string } | { kind: 'external'; href: string } | { kind: 'contact'; href: string };

const ORIGIN = 'https://baitcheck.invalid';

/**
 * Sorts a link's URL: the app's own paths, anchors, https, mailto: and tel:; anything else is
 * null. Paths are resolved as a browser would ('/\evil.example' and '/\t/evil.example' lead to
 * another site) and count as internal only when they stay on the app's origin.
 */
export function classifyLink(url: string): LinkTarget | null {
  const trimmed = url.trim();
  if (trimmed.startsWith('#')) return trimmed.length > 1 ? { kind: 'anchor', href: trimmed } : null;
  let parsed: URL;
  try {
    parsed = trimmed.startsWith('/') ? new URL(trimmed, ORIGIN) : new URL(trimmed);
  } catch {
    return null;
  }
  if (trimmed.startsWith('/')) return parsed.origin === ORIGIN ? { kind: 'internal', href: `${parsed.pathname}${parsed.search}${parsed.hash}` } : null;
  if (parsed.protocol === 'https:') return parsed.hostname ? { kind: 'external', href: parsed.href } : null;
  if (parsed.protocol === 'mailto:' || parsed.protocol === 'tel:') return { kind: 'contact', href: parsed.href };
  return null;
}

const LINK = 'rounded-sm font-medium text-primary-strong underline underline-offset-2 hover:text-primary focus-ring';

/**
 * A link from content or API data, as {@link classifyLink} allows it: the app's own paths through
 * the router, https in a new tab, mailto: and tel:; anything else only its words.
 */
export function MarkdownLink({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  const target = href ? classifyLink(href) : null;
  if (!target) return <>{children}</>;
  if (target.kind === 'internal') {
    return (
      <Link href={target.href} className={LINK}>
        {children}
      </Link>
    );
  }
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={LINK}>
        {children}
        <ExternalLink aria-hidden="true" className="ml-0.5 inline h-3.5 w-3.5 align-[-0.125em]" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a href={target.href} className={LINK}>
      {children}
    </a>
  );
}

/**
 * A table's frame: it scrolls sideways when the table is wider than the screen, and is then a
 * named, focusable region so that keyboard users can scroll it too (a tab stop only then).
 */
function TableFrame({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  // a scrolling table is a region: named after the heading it sits under, so two are told apart
  const [label, setLabel] = useState('Table, scrolls sideways');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (let node = el.previousElementSibling; node; node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName)) {
        setLabel(`Table: ${node.textContent ?? ''}, scrolls sideways`);
        break;
      }
    }
    if (typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="my-4 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-ring"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

// Headings are targets of anchors and of the focus after a jump, never controls: no focus ring.
const HEADING = 'scroll-mt-4 font-semibold text-slate-900 focus:outline-none';

const COMPONENTS: Components = {
  h1: ({ node: _node, className, ...props }) => <h1 {...props} className={cn(HEADING, 'mt-8 mb-3 text-2xl', className)} />,
  h2: ({ node: _node, className, ...props }) => <h2 {...props} className={cn(HEADING, 'mt-8 mb-3 text-xl first:mt-0', className)} />,
  h3: ({ node: _node, className, ...props }) => <h3 {...props} className={cn(HEADING, 'mt-6 mb-2 text-lg first:mt-0', className)} />,
  h4: ({ node: _node, className, ...props }) => <h4 {...props} className={cn(HEADING, 'mt-5 mb-2 text-base first:mt-0', className)} />,
  h5: ({ node: _node, className, ...props }) => <h5 {...props} className={cn(HEADING, 'mt-4 mb-1 text-base first:mt-0', className)} />,
  h6: ({ node: _node, className, ...props }) => <h6 {...props} className={cn(HEADING, 'mt-4 mb-1 text-sm first:mt-0', className)} />,
  p: ({ node: _node, ...props }) => <p {...props} className="my-3 leading-relaxed first:mt-0 last:mb-0" />,
  ul: ({ node: _node, ...props }) => <ul {...props} className="my-3 list-disc space-y-1.5 pl-6 leading-relaxed marker:text-slate-500 first:mt-0 last:mb-0" />,
  ol: ({ node: _node, ...props }) => <ol {...props} className="my-3 list-decimal space-y-1.5 pl-6 leading-relaxed marker:text-slate-600 first:mt-0 last:mb-0" />,
  li: ({ node: _node, ...props }) => <li {...props} className="pl-1 [&>ol]:my-1.5 [&>p]:my-1.5 [&>ul]:my-1.5" />,
  strong: ({ node: _node, ...props }) => <strong {...props} className="font-semibold text-slate-900" />,
  blockquote: ({ node: _node, ...props }) => <blockquote {...props} className="my-4 border-l-4 border-slate-300 pl-4 text-slate-700" />,
  hr: () => <hr className="my-6 border-slate-200" />,
  pre: ({ node: _node, ...props }) => <pre {...props} className="my-4 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm" />,
  code: ({ node: _node, ...props }) => <code {...props} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900 break-words" />,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  // never loaded; the words stay
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  table: ({ children }) => <TableFrame>{children}</TableFrame>,
  thead: ({ node: _node, ...props }) => <thead {...props} className="bg-slate-50" />,
  th: ({ node: _node, style: _style, ...props }) => <th {...props} className="border-b-2 border-slate-200 px-3 py-2 align-bottom font-semibold text-slate-900" />,
  td: ({ node: _node, style: _style, ...props }) => <td {...props} className="border-b border-slate-200 px-3 py-2 align-top leading-relaxed" />,
};

/** react-markdown's options for `markdown`, collecting its headings into `sink` as it renders. */
function optionsFor(markdown: string, { headingOffset = 0 }: MarkdownOptions, sink?: MarkdownHeading[]): Options {
  return {
    children: markdown,
    remarkPlugins: [remarkGfm, [remarkHeadings, { offset: headingOffset, sink }]],
    // raw HTML is removed, never shown nor parsed (there is no rehype-raw)
    skipHtml: true,
    // every URL attribute passes here first; one that is not ours to link is emptied
    urlTransform: (url) => (classifyLink(url) ? url : ''),
    components: COMPONENTS,
  };
}

/**
 * Every heading of `markdown` with the id it is rendered with, in order. It runs the renderer's
 * own pipeline (react-markdown's `Markdown` is a plain function, no hooks), so the ids cannot
 * drift from the rendered ones.
 */
export function markdownOutline(markdown: string, options: MarkdownOptions = {}): MarkdownHeading[] {
  const sink: MarkdownHeading[] = [];
  renderMarkdown(optionsFor(markdown, options, sink));
  return sink;
}

/** The headings of one level ('##' by default), text and id, for a table of contents. */
export function listMarkdownHeadings(markdown: string, depth = 2): { text: string; id: string }[] {
  return markdownOutline(markdown)
    .filter((h) => h.depth === depth)
    .map(({ text, id }) => ({ text, id }));
}

/** Renders `source` (Markdown) safely, with the app's typography. */
export function Markdown({ source, headingOffset = 0, className }: { source: string; className?: string } & MarkdownOptions) {
  const rendered = useMemo(() => renderMarkdown(optionsFor(source, { headingOffset })), [source, headingOffset]);
  return <div className={cn('text-base text-slate-800', className)}>{rendered}</div>;
}

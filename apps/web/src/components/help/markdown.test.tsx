import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { Markdown, classifyLink, listMarkdownHeadings, markdownOutline } from './markdown';

function renderMd(markdown: string, headingOffset?: number) {
  return render(<Markdown source={markdown} headingOffset={headingOffset} />);
}

describe('Markdown: no HTML ever', () => {
  it('drops a script block: no script element and none of its code on the page', () => {
    const { container } = renderMd('Before\n\n<script>window.pwned = true</script>\n\nAfter');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).not.toContain('pwned');
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('drops inline HTML with an event handler: no img, no onerror attribute anywhere', () => {
    const { container } = renderMd('A picture <img src="x" onerror="window.pwned = true"> here, and <b onclick="x()">bold</b>.');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick/i);
    // the words around it stay
    expect(container.textContent).toContain('A picture');
    expect(container.textContent).toContain('here, and');
  });

  it('drops an iframe and a style block', () => {
    const { container } = renderMd('<iframe src="https://evil.example"></iframe>\n\n<style>body{display:none}</style>\n\nText');
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('style')).toBeNull();
    expect(container.textContent?.trim()).toBe('Text');
  });

  it('loads no image: a Markdown image keeps only its alt text', () => {
    const { container } = renderMd('![A chart of scams](https://evil.example/track.png)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('A chart of scams')).toBeInTheDocument();
  });
});

describe('Markdown: links', () => {
  it.each([
    ['javascript:', '[Click me](javascript:alert(1))'],
    // Markdown decodes the character reference: the URL is 'java<TAB>script:', which browsers read as javascript:
    ['javascript: with an encoded tab inside', '[Click me](java&#x09;script:alert(1))'],
    ['data:', '[Click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[Click me](vbscript:msgbox)'],
    ['plain http', '[Click me](http://example.com/)'],
    ['a protocol-relative address', '[Click me](//evil.example/login)'],
    ['a reference link to javascript:', '[Click me][x]\n\n[x]: javascript:alert(1)'],
  ])('keeps the words of a %s link without the link', (_name, markdown) => {
    const { container } = renderMd(markdown);
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('Click me')).toBeInTheDocument();
  });

  it('keeps a path with a backslash on this site (Markdown encodes it; a browser would read /\\ as //)', () => {
    renderMd('[Click me](/\\evil.example/login)');
    expect(screen.getByRole('link', { name: 'Click me' })).toHaveAttribute('href', '/%5Cevil.example/login');
  });

  it("sends the app's own paths through the router, without a page load", async () => {
    const { location } = renderWithApp(<Markdown source="See the [plans](/subscription) and [your data](/privacy-policy#deleting-your-data)." />);
    const plans = screen.getByRole('link', { name: 'plans' });
    expect(plans).toHaveAttribute('href', '/subscription');
    expect(plans).not.toHaveAttribute('target');
    await userEvent.click(plans);
    // the memory location recorded a client-side navigation (a plain <a> would not touch it)
    expect(location.history?.at(-1)).toBe('/subscription');
    await userEvent.click(screen.getByRole('link', { name: 'your data' }));
    expect(location.history?.at(-1)).toBe('/privacy-policy#deleting-your-data');
  });

  it('opens https links in a new tab, without an opener or referrer, and says so', () => {
    renderMd('Report it to the [FTC](https://reportfraud.ftc.gov/).');
    const link = screen.getByRole('link', { name: 'FTC (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://reportfraud.ftc.gov/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('turns a bare https address into a new-tab link too (GitHub autolinks)', () => {
    renderMd('Visit https://www.ncsc.gov.uk/ for more.');
    expect(screen.getByRole('link', { name: /www\.ncsc\.gov\.uk.*opens in a new tab/ })).toHaveAttribute('target', '_blank');
  });

  it('keeps mailto:, tel: and on-page anchors as plain links', () => {
    renderMd('Write to [the team](mailto:report@phishing.gov.uk), text [7726](tel:7726), or read [Cookies](#cookies).');
    expect(screen.getByRole('link', { name: 'the team' })).toHaveAttribute('href', 'mailto:report@phishing.gov.uk');
    expect(screen.getByRole('link', { name: '7726' })).toHaveAttribute('href', 'tel:7726');
    const anchor = screen.getByRole('link', { name: 'Cookies' });
    expect(anchor).toHaveAttribute('href', '#cookies');
    expect(anchor).not.toHaveAttribute('target');
  });
});

describe('classifyLink', () => {
  it.each([
    ['/account?tab=assistant', { kind: 'internal', href: '/account?tab=assistant' }],
    ['/privacy-policy#cookies', { kind: 'internal', href: '/privacy-policy#cookies' }],
    ['#top', { kind: 'anchor', href: '#top' }],
    ['https://example.com/a', { kind: 'external', href: 'https://example.com/a' }],
    ['tel:+441234', { kind: 'contact', href: 'tel:+441234' }],
    ['/\t/evil.example', null],
    ['/\\evil.example/login', null],
    ['java\tscript:alert(1)', null],
    ['#', null],
    ['relative/path', null],
    ['https://', null],
  ])('%s', (url, expected) => {
    expect(classifyLink(url)).toEqual(expected);
  });
});

describe('Markdown: headings', () => {
  it('gives each heading a stable id from its text, unique on the page', () => {
    const { container } = renderMd('## What we collect\n\nText\n\n### Payments\n\n## What we collect\n\n## Main');
    const ids = [...container.querySelectorAll('h2, h3')].map((h) => `${h.tagName} ${h.id}`);
    // 'main' is the app's main landmark: a heading never takes it
    expect(ids).toEqual(['H2 what-we-collect', 'H3 payments', 'H2 what-we-collect-1', 'H2 main-1']);
  });

  it("renders '##' as an h2 under a page's h1, and as an h3 with an offset of 1", () => {
    const page = renderMd('## Signs to look for\n\n### Detail', 0);
    expect(screen.getByRole('heading', { level: 2, name: 'Signs to look for' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Detail' })).toBeInTheDocument();
    page.unmount();

    renderMd('## Signs to look for\n\n### Detail\n\n###### Deepest', 1);
    expect(screen.getByRole('heading', { level: 3, name: 'Signs to look for' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Detail' })).toBeInTheDocument();
    // never past h6
    expect(screen.getByRole('heading', { level: 6, name: 'Deepest' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('lists the ## headings with the ids the page renders, for a table of contents', () => {
    const markdown = '## The short version\n\nx\n\n### Detail\n\n## Cookies and `bc_session`\n\n## What an enhanced scan sends, and to whom\n';
    const toc = listMarkdownHeadings(markdown);
    expect(toc).toEqual([
      { text: 'The short version', id: 'the-short-version' },
      { text: 'Cookies and bc_session', id: 'cookies-and-bc_session' },
      { text: 'What an enhanced scan sends, and to whom', id: 'what-an-enhanced-scan-sends-and-to-whom' },
    ]);
    const { container } = renderMd(markdown);
    for (const { id } of toc) expect(container.querySelector(`h2#${CSS.escape(id)}`)).not.toBeNull();
  });

  it("gives each heading's place in the source, so a document can be cut into sections", () => {
    const markdown = '## One\n\nFirst body\n\n## Two\n\nSecond body\n';
    const [one, two] = markdownOutline(markdown);
    expect(markdown.slice(one!.start, one!.end)).toBe('## One');
    expect(markdown.slice(one!.end, two!.start).trim()).toBe('First body');
  });
});

describe('Markdown: typography', () => {
  it('renders GitHub tables in a frame that can scroll sideways', () => {
    const { container } = renderMd('| Cookie | Lasts |\n|---|---|\n| `bc_session` | 30 days |\n');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Cookie' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '30 days' })).toBeInTheDocument();
    expect(table.parentElement).toHaveClass('overflow-x-auto');
    expect(container.querySelector('code')).toHaveTextContent('bc_session');
  });

  it('renders lists as lists', () => {
    renderMd('- one\n- two\n\n1. first\n2. second');
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(within(lists[1]!).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('Markdown: tables wider than the screen', () => {
  it('make each a region named after the heading it sits under, so two can be told apart', () => {
    class StillResizeObserver {
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', StillResizeObserver);
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    try {
      renderMd('## What we collect\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## How long we keep it\n\nText.\n\n| c | d |\n|---|---|\n| 3 | 4 |');
      expect(screen.getByRole('region', { name: 'Table: What we collect, scrolls sideways' })).toHaveAttribute('tabindex', '0');
      expect(screen.getByRole('region', { name: 'Table: How long we keep it, scrolls sideways' })).toBeInTheDocument();
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

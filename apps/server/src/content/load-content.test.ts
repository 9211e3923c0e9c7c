import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_DIR, DEFAULT_ARTICLE_ORDER, loadContent, proseOf } from './load-content.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baitcheck-content-'));
  mkdirSync(join(dir, 'articles'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** An article file: front matter lines, then the body. */
const article = (front: string, body = '## What to do\n\n1. Do not tap the link.\n2. Delete the text.\n') => `---\n${front}\n---\n\n${body}`;

const FRONT = [
  'title: How to spot a scam text',
  'category: Security',
  'kind: scam-type',
  'summary: Scam texts push you to tap a link.',
  'keywords: [smishing, scam text]',
].join('\n');

/** The error `loadContent` throws for the folder as written, or a failure when it loads. */
function problem(): string {
  try {
    loadContent(dir);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the folder loaded without a problem');
}

describe('loadContent: articles', () => {
  it('reads an article: front matter, the plain text of the signs and steps, and the body', () => {
    write(
      'articles/smishing.md',
      article(
        [
          'title: How to spot a scam text',
          'category: Security',
          'kind: scam-type',
          'order: 2',
          'region: UK',
          'summary: >-',
          '  Scam texts push you to tap a link.',
          '  Real organisations rarely do.',
          'keywords: [smishing, "7726"]',
          'sources:',
          '  - name: "NCSC: Phishing"',
          '    url: https://www.ncsc.gov.uk/collection/phishing-scams',
          'calls:',
          '  - number: "159"',
          '    dial: "159"',
          '    who: Stop Scams UK',
        ].join('\n'),
        [
          'Some words before the sections.',
          '',
          '## Signs to look for',
          '',
          '- A link to a **strange** address.',
          '- A deadline',
          '  that continues on the next line.',
          '',
          '## What to do',
          '',
          '1. Forward it to 7726, then [read what to do after clicking](/knowledge-base?article=smishing).',
          '2. Call `159` to reach your bank.',
          '',
        ].join('\n'),
      ),
    );
    const { articles, pages } = loadContent(dir);
    expect(pages.size).toBe(0);
    expect(articles).toHaveLength(1);
    const a = articles[0]!;
    expect(a).toMatchObject({
      id: 'smishing',
      title: 'How to spot a scam text',
      category: 'Security',
      kind: 'scam-type',
      order: 2,
      region: 'UK',
      summary: 'Scam texts push you to tap a link. Real organisations rarely do.',
      keywords: ['smishing', '7726'],
      sources: [{ name: 'NCSC: Phishing', url: 'https://www.ncsc.gov.uk/collection/phishing-scams' }],
      calls: [{ number: '159', dial: '159', who: 'Stop Scams UK' }],
    });
    // what the assistant says: a link keeps its words, emphasis and code their text, lines join
    expect(a.signs).toEqual(['A link to a strange address.', 'A deadline that continues on the next line.']);
    expect(a.steps).toEqual(['Forward it to 7726, then read what to do after clicking.', 'Call 159 to reach your bank.']);
    // the Knowledge Base shows the Markdown itself
    expect(a.body.startsWith('Some words before the sections.\n\n## Signs to look for')).toBe(true);
    expect(a.body).toContain('[read what to do after clicking](/knowledge-base?article=smishing)');
  });

  it('leaves out what the front matter does not give: no region, signs or calls, no sources, the default order', () => {
    write('articles/plain.md', article(FRONT));
    const [a] = loadContent(dir).articles;
    expect(a).toBeDefined();
    expect(a!.order).toBe(DEFAULT_ARTICLE_ORDER);
    expect(a!.sources).toEqual([]);
    expect('region' in a! || 'signs' in a! || 'calls' in a!).toBe(false);
  });

  it('lists articles by category in the tabs order, then order, then title; sub-folders are read too', () => {
    const at = (category: string, title: string, order?: number) =>
      article(FRONT.replace('category: Security', `category: ${category}`).replace('title: How to spot a scam text', `title: ${title}${order === undefined ? '' : `\norder: ${order}`}`));
    write('articles/b.md', at('Billing', 'Plans'));
    write('articles/security/z.md', at('Security', 'Zebra scams', 1));
    write('articles/a.md', at('Security', 'Apple scams'));
    write('articles/g.md', at('General', 'How Baitcheck decides'));
    write('articles/c.md', at('Security', 'Crypto scams'));
    expect(loadContent(dir).articles.map((a) => a.id)).toEqual(['g', 'z', 'a', 'c', 'b']);
  });

  it('accepts Windows line ends and a byte order mark', () => {
    write('articles/crlf.md', `\uFEFF${article(FRONT)}`.replace(/\n/g, '\r\n'));
    expect(loadContent(dir).articles[0]?.steps).toEqual(['Do not tap the link.', 'Delete the text.']);
  });

  it.each<[string, string, string, RegExp]>([
    ['bad YAML', 'bad-yaml.md', article(`${FRONT}\nsources: [unclosed`), /articles\/bad-yaml\.md: line 7: the front matter is not valid YAML: /],
    ['a key given twice', 'twice.md', article(`${FRONT}\ntitle: Again`), /articles\/twice\.md: line 7: the front matter is not valid YAML: Map keys must be unique$/m],
    ['an unknown key (a typo)', 'typo.md', article(`${FRONT}\ncatgory: Billing`), /articles\/typo\.md: unknown key "catgory" in the front matter/],
    ['an unknown key in a source', 'src-key.md', article(`${FRONT}\nsources:\n  - name: FTC\n    url: https://consumer.ftc.gov/\n    link: x`), /articles\/src-key\.md: unknown key "link" in sources\.0 in the front matter/],
    ['a missing title', 'no-title.md', article(FRONT.replace('title: How to spot a scam text\n', '')), /articles\/no-title\.md: the front matter has no title/],
    ['a category not among the tabs', 'bad-category.md', article(FRONT.replace('category: Security', 'category: Technical')), /articles\/bad-category\.md: category: category must be one of General, Security, How-To, Account, Billing/],
    ['an unknown kind', 'bad-kind.md', article(FRONT.replace('kind: scam-type', 'kind: tip')), /articles\/bad-kind\.md: kind: kind must be one of scam-type, after-a-scam/],
    ['an unknown region', 'bad-region.md', article(`${FRONT}\nregion: Mars`), /articles\/bad-region\.md: region: region must be one of US, UK/],
    ['no keywords', 'no-keywords.md', article(FRONT.replace('keywords: [smishing, scam text]', 'keywords: []')), /articles\/no-keywords\.md: keywords: keywords needs at least one/],
    ['an order that is not a whole number', 'bad-order.md', article(`${FRONT}\norder: first`), /articles\/bad-order\.md: order: order must be a whole number/],
    ['a source that is not https', 'http-source.md', article(`${FRONT}\nsources:\n  - name: FTC\n    url: http://consumer.ftc.gov/`), /articles\/http-source\.md: sources\.0\.url: a source url must be a full https:\/\/ address/],
    ['a source that is a path', 'path-source.md', article(`${FRONT}\nsources:\n  - name: Scan\n    url: /scan`), /articles\/path-source\.md: sources\.0\.url: a source url must be a full https/],
    ['no front matter', 'no-front.md', '## What to do\n\n1. Step.\n', /articles\/no-front\.md: the file must start with front matter/],
    ['front matter never closed', 'unclosed.md', `---\n${FRONT}\n\n## What to do\n\n1. Step.\n`, /articles\/unclosed\.md: the front matter has no closing "---" line/],
    ['front matter that is not keys', 'list-front.md', '---\n- a\n- b\n---\n\n## What to do\n\n1. Step.\n', /articles\/list-front\.md: the front matter must be a list of "key: value" lines/],
    ['no "What to do"', 'no-steps.md', article(FRONT, '## Signs to look for\n\n- A link.\n'), /articles\/no-steps\.md: the article needs a "## What to do" section with a numbered list/],
    ['"What to do" as a bulleted list', 'bullets.md', article(FRONT, '## What to do\n\n- Do not tap.\n'), /articles\/bullets\.md: line 9: "## What to do" must hold exactly one numbered list/],
    ['"What to do" twice', 'twice-steps.md', article(FRONT, '## What to do\n\n1. One.\n\n## What to do\n\n1. Two.\n'), /articles\/twice-steps\.md: line 13: "## What to do" appears more than once/],
    ['a step of two paragraphs', 'long-step.md', article(FRONT, '## What to do\n\n1. One.\n\n   More of one.\n2. Two.\n'), /articles\/long-step\.md: line 11: each item under "## What to do" must be one paragraph of text/],
    ['signs as a numbered list', 'signs.md', article(FRONT, '## Signs to look for\n\n1. A link.\n\n## What to do\n\n1. Step.\n'), /articles\/signs\.md: line 9: "## Signs to look for" must hold exactly one bulleted list/],
    ['raw HTML as a block', 'html-block.md', article(FRONT, '## What to do\n\n1. Step.\n\n<script>alert(1)</script>\n'), /articles\/html-block\.md: line 13: raw HTML is not allowed: write Markdown instead/],
    ['raw HTML inside a step', 'html-inline.md', article(FRONT, '## What to do\n\n1. Tap <a href="https://evil.example">here</a>.\n'), /articles\/html-inline\.md: line 11: raw HTML is not allowed/],
    ['a heading of level 1', 'h1.md', article(FRONT, '# Title again\n\n## What to do\n\n1. Step.\n'), /articles\/h1\.md: line 9: use "##" for sections/],
    ['an image', 'image.md', article(FRONT, '## What to do\n\n1. Look: ![logo](https://example.com/logo.png)\n'), /articles\/image\.md: line 11: images are not supported/],
    ['a javascript: link', 'js-link.md', article(FRONT, '## What to do\n\n1. [Tap](javascript:alert(1)).\n'), /articles\/js-link\.md: line 11: link "javascript:alert\(1\)": only https:\/\/, mailto:, tel:/],
    ['an http link', 'http-link.md', article(FRONT, '## What to do\n\n1. See [this](http://example.com).\n'), /articles\/http-link\.md: line 11: link "http:\/\/example\.com"/],
    ['a protocol-relative link', 'pr-link.md', article(FRONT, '## What to do\n\n1. See [this](//evil.example/x).\n'), /articles\/pr-link\.md: line 11: link "\/\/evil\.example\/x": write the full https:\/\/ address/],
    ['a link to an article that does not exist', 'dead-link.md', article(FRONT, '## What to do\n\n1. Read [this](/knowledge-base?article=no-such-article).\n'), /articles\/dead-link\.md: line 11: the link to the article "no-such-article" leads nowhere/],
    ['a call the text does not give', 'call-missing.md', article(`${FRONT}\ncalls:\n  - number: "159"\n    dial: "159"\n    who: Stop Scams UK`), /articles\/call-missing\.md: call "159" must be written, exactly so, in the summary or a step/],
    ['a call dialling other digits', 'call-digits.md', article(`${FRONT}\ncalls:\n  - number: "0300 123 2040"\n    dial: "+443001232041"\n    who: Report Fraud`, '## What to do\n\n1. Call 0300 123 2040.\n'), /articles\/call-digits\.md: call "0300 123 2040" dials \+443001232041: the digits dialled must be the digits written/],
    ['a dial that is not digits', 'call-dial.md', article(`${FRONT}\ncalls:\n  - number: "159"\n    dial: "call 159"\n    who: Stop Scams UK`, '## What to do\n\n1. Call 159.\n'), /articles\/call-dial\.md: calls\.0\.dial: dial must be 3 to 15 digits/],
    ['a file name that is not an id', 'Spot_Smishing.md', article(FRONT), /articles\/Spot_Smishing\.md: the file name is the article id: lower-case words joined by "-"/],
    ['a file that is not Markdown', 'notes.txt', 'a draft', /articles\/notes\.txt: not a Markdown file/],
  ])('refuses %s, naming the file and what is wrong', (_name, file, text, expected) => {
    write('articles/ok.md', article(FRONT));
    write(`articles/${file}`, text);
    const message = problem();
    expect(message).toMatch(expected);
    // the good file is not blamed
    expect(message).not.toContain('articles/ok.md');
  });

  it('refuses two articles with one id, in different folders', () => {
    write('articles/security/smishing.md', article(FRONT));
    write('articles/how-to/smishing.md', article(FRONT));
    expect(problem()).toMatch(/articles\/security\/smishing\.md: the id "smishing" is already taken by articles\/how-to\/smishing\.md/);
  });

  it('lists every problem of every file at once, so a writer fixes them in one go', () => {
    write('articles/one.md', article(`${FRONT}\ncatgory: Billing`));
    write('articles/two.md', article(FRONT, '## What to do\n\n<b>bold</b>\n\n1. Step.\n'));
    const message = problem();
    expect(message).toMatch(/has 2 problems/);
    expect(message).toContain('articles/one.md: unknown key "catgory"');
    expect(message).toContain('articles/two.md: line 11: raw HTML is not allowed');
  });

  it('needs an articles folder', () => {
    rmSync(join(dir, 'articles'), { recursive: true });
    expect(problem()).toMatch(/No articles folder/);
  });

  it('refuses a symbolic link, so nothing outside the content folder is read', () => {
    const outside = mkdtempSync(join(tmpdir(), 'baitcheck-outside-'));
    try {
      writeFileSync(join(outside, 'secret.md'), article(FRONT));
      symlinkSync(join(outside, 'secret.md'), join(dir, 'articles', 'leak.md'));
      symlinkSync(outside, join(dir, 'articles', 'folder.md'));
      const message = problem();
      expect(message).toContain('articles/leak.md: a symbolic link');
      expect(message).toContain('articles/folder.md: a symbolic link');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('ignores hidden files such as .DS_Store', () => {
    write('articles/ok.md', article(FRONT));
    write('articles/.DS_Store', 'binary');
    expect(loadContent(dir).articles).toHaveLength(1);
  });
});

describe('loadContent: pages', () => {
  const page = (front: string, body = 'We keep what you scan for as long as your plan says.\n\n## Your rights\n\nYou can ask us.\n') => `---\n${front}\n---\n\n${body}`;

  it('reads the pages present, with the date quoted or not', () => {
    write('pages/privacy-policy.md', page("title: Privacy Policy\nupdated: '2025-04-07'"));
    write('pages/faq.md', page('title: Frequently Asked Questions\nupdated: 2025-05-01'));
    const { pages } = loadContent(dir);
    expect([...pages.keys()].sort()).toEqual(['faq', 'privacy-policy']);
    expect(pages.get('privacy-policy')).toEqual({
      id: 'privacy-policy',
      title: 'Privacy Policy',
      updated: '2025-04-07',
      body: 'We keep what you scan for as long as your plan says.\n\n## Your rights\n\nYou can ask us.\n',
    });
    expect(pages.get('faq')?.updated).toBe('2025-05-01');
  });

  it('needs no pages folder', () => {
    write('articles/ok.md', article(FRONT));
    expect(loadContent(dir).pages.size).toBe(0);
  });

  it.each<[string, string, string, RegExp]>([
    ['a page that is not a help page', 'about.md', page("title: About\nupdated: '2025-04-07'"), /pages\/about\.md: not a help page: pages are privacy-policy\.md, terms-of-service\.md, faq\.md/],
    ['a date not written YYYY-MM-DD', 'faq.md', page("title: FAQ\nupdated: 'April 7, 2025'"), /pages\/faq\.md: updated: updated must be a real date written YYYY-MM-DD/],
    ['a date that does not exist', 'faq.md', page("title: FAQ\nupdated: '2025-02-30'"), /pages\/faq\.md: updated: updated must be a real date/],
    ['a date that is a number', 'faq.md', page('title: FAQ\nupdated: 20250407'), /pages\/faq\.md: updated: updated must be a date written YYYY-MM-DD/],
    ['no date', 'faq.md', page('title: FAQ'), /pages\/faq\.md: the front matter has no updated/],
    ['an unknown key', 'terms-of-service.md', page("title: Terms\nupdated: '2025-04-07'\nauthor: Legal"), /pages\/terms-of-service\.md: unknown key "author" in the front matter/],
    ['raw HTML', 'privacy-policy.md', page("title: Privacy\nupdated: '2025-04-07'", 'Intro.\n\n<iframe src="https://evil.example"></iframe>\n'), /pages\/privacy-policy\.md: line 8: raw HTML is not allowed/],
    ['a link to an article that does not exist', 'faq.md', page("title: FAQ\nupdated: '2025-04-07'", 'See [plans](/knowledge-base?article=plans).\n'), /pages\/faq\.md: line 6: the link to the article "plans" leads nowhere/],
  ])('refuses %s, naming the file', (_name, file, text, expected) => {
    write(`pages/${file}`, text);
    expect(problem()).toMatch(expected);
  });

  it('refuses a second file for one page, in a sub-folder', () => {
    write('articles/ok.md', article(FRONT));
    write('pages/faq.md', page("title: FAQ\nupdated: '2025-04-07'"));
    write('pages/old/faq.md', page("title: Override\nupdated: '2025-04-07'"));
    expect(problem()).toMatch(/pages\/old\/faq\.md: the page "faq" is already pages\/faq\.md/);
  });

  it('lets a page link to an article that exists', () => {
    write('articles/plans.md', article(FRONT));
    write('pages/faq.md', page("title: FAQ\nupdated: '2025-04-07'", 'See [plans](/knowledge-base?article=plans), [support](/contact-support), [email](mailto:help@example.com) or [call](tel:+15551234567).\n'));
    expect(loadContent(dir).pages.get('faq')?.body).toContain('[plans](/knowledge-base?article=plans)');
  });
});

describe('proseOf', () => {
  it("is the body's text outside the signs and steps lists", () => {
    const body = 'Intro with **bold**.\n\n## Signs to look for\n\n- A sign.\n\n## What to do\n\nBefore the list.\n\n1. A step.\n\n## More\n\nAn [after](https://example.com) note.\n';
    expect(proseOf(body)).toBe('Intro with bold. Before the list. More An after note.');
  });
});

describe('CONTENT_DIR', () => {
  it("is the repository's content folder", () => {
    expect(CONTENT_DIR.replace(/[\\/]$/, '').split(/[\\/]/).slice(-1)).toEqual(['content']);
    expect(loadContent(CONTENT_DIR).articles.length).toBeGreaterThan(0);
  });
});

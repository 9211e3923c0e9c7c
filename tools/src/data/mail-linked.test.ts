import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMailLinkedUrls, MAIL_LINKED_SET } from './mail-linked.ts';
import { SOURCE_SETS } from './sources.ts';

const dir = mkdtempSync(join(tmpdir(), 'baitcheck-mail-linked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

describe('loadMailLinkedUrls', () => {
  // every set file must exist; most are empty here
  for (const s of SOURCE_SETS) write(s.file, s.format === 'csv' ? 'url,label\n' : '');
  write('url/phishtank_verified_online_2021_03.csv', 'url,label\nhttp://compromised-blog.org/wp/login.php,phishing\n');
  const ham = (urls: unknown) => JSON.stringify({ label: 'ham', text: 'see the link', urls });
  write(
    'email/spamassassin_2002_2005.jsonl',
    [
      ham(['http://www.tcl.tk/community/tcl2002/', 'http://tcl.tk/other', 'https://www.perl-foundation.org/']),
      JSON.stringify({ label: 'spam', text: 'buy', urls: ['http://cheap-pills.biz/'] }),
      ham(['http://compromised-blog.org/about', 'http://example.com/x', 'ftp://files.gnu.org/x', 42]),
      '',
    ].join('\n'),
  );
  write('email/enron_spam_1999_2005.jsonl', `${ham(['http://www.perl-foundation.org/again', 'http://enron-picnic.net/photos'])}\n`);

  it('keeps one link per domain of legitimate mail, leaving out threats, spam, examples and odd values', () => {
    const rows = loadMailLinkedUrls(dir);
    expect(rows.map((r) => r.url)).toEqual(['http://www.tcl.tk/community/tcl2002/', 'https://www.perl-foundation.org/', 'http://enron-picnic.net/photos']);
    expect(rows.every((r) => r.set === MAIL_LINKED_SET && r.channel === 'url' && r.label === 'legit')).toBe(true);
    expect(rows.map((r) => r.form)).toEqual(['url', 'url_root', 'url']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });
});

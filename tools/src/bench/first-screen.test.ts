import { describe, expect, it } from 'vitest';
import { findFirstScreenScripts } from './first-screen.ts';

describe('findFirstScreenScripts', () => {
  it('finds the entry module and its modulepreloads, once each, and nothing else', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
      <link rel="modulepreload" href='/assets/index-a1.js'>
      <link rel="stylesheet" href="/assets/index-c3.css">
      <link rel="preload" as="font" href="/assets/inter-d4.woff2">
      <script src="/legacy.js"></script>
    </head></html>`;
    expect(findFirstScreenScripts(html)).toEqual(['/assets/index-a1.js', '/assets/vendor-b2.js']);
  });

  it('finds nothing in a page with no module script', () => {
    expect(findFirstScreenScripts('<html><body>hi</body></html>')).toEqual([]);
  });
});

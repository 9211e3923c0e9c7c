#!/usr/bin/env node
/**
 * Makes the web app's PNG icons (the manifest's and the apple-touch-icon) from public/favicon.svg,
 * drawn by the system Chromium through Playwright, so the icons are the favicon's shield on the
 * theme colour and change only when the favicon does. The PNGs are committed; run this again after
 * changing the favicon:
 *
 *   node apps/web/scripts/make-icons.mjs
 *
 * - icon-192.png, icon-512.png ("any"): the shield in white on a rounded indigo tile, readable on
 *   light and dark backgrounds (the favicon's thin indigo outline is not, on a dark taskbar);
 * - icon-maskable-192.png, icon-maskable-512.png ("maskable"): indigo to the edges, the shield
 *   inside the middle 50%, well within the safe zone (the circle of 80%) any launcher mask keeps;
 * - apple-touch-icon.png (180): indigo to the edges (iOS rounds the corners itself and shows
 *   transparency as black), the shield in the middle 60%.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const THEME = '#4f46e5';
const FAVICON = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8').trim();

// The favicon is one <svg> whose root carries the stroke colour; the icons draw it in white.
if (!/^<svg\s/.test(FAVICON) || !FAVICON.includes(`stroke="${THEME}"`)) {
  throw new Error(`public/favicon.svg changed shape: expected one <svg> with stroke="${THEME}" on its root`);
}

/** The favicon drawn white in a square of `glyph` px at the middle of a `size` px canvas. */
function shield(size, glyph) {
  const at = (size - glyph) / 2;
  return FAVICON.replace(`stroke="${THEME}"`, 'stroke="#ffffff"').replace(/^<svg\s/, `<svg x="${at}" y="${at}" width="${glyph}" height="${glyph}" `);
}

const ICONS = [
  // [file, size, background, share of the canvas the shield takes]
  ['icon-192.png', 192, 'tile', 0.62],
  ['icon-512.png', 512, 'tile', 0.62],
  ['icon-maskable-192.png', 192, 'full', 0.5],
  ['icon-maskable-512.png', 512, 'full', 0.5],
  ['apple-touch-icon.png', 180, 'full', 0.6],
];

function iconSvg(size, background, share) {
  const back =
    background === 'tile'
      ? `<rect width="${size}" height="${size}" rx="${Math.round(size * 0.22)}" fill="${THEME}"/>`
      : `<rect width="${size}" height="${size}" fill="${THEME}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${back}${shield(size, Math.round(size * share))}</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [file, size, background, share] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(size, background, share)}</body></html>`);
    await page.screenshot({ path: join(PUBLIC, 'icons', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}

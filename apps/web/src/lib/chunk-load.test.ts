import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkRetry, failedChunkAddress, importFailedChunk, isChunkLoadError } from './chunk-load';

afterEach(() => vi.restoreAllMocks());

const address = `${window.location.origin}/assets/history-page-Bw5L1mdU.js`;
// what each browser says when a page's chunk could not be fetched
const chromium = new TypeError(`Failed to fetch dynamically imported module: ${address}`);
const firefox = new TypeError(`error loading dynamically imported module: ${address}`);
const safari = new TypeError('Importing a module script failed.');

describe('isChunkLoadError', () => {
  it("knows each browser's failed dynamic import, and Vite's failed preload of a chunk's styles", () => {
    expect(isChunkLoadError(chromium)).toBe(true);
    expect(isChunkLoadError(firefox)).toBe(true);
    expect(isChunkLoadError(safari)).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/index-abc.css'))).toBe(true);
  });

  it('is not a fault in a page, nor what is not an error', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('failedChunkAddress', () => {
  it('reads the address Chromium and Firefox name; Safari names none', () => {
    expect(failedChunkAddress(chromium)).toBe(address);
    expect(failedChunkAddress(firefox)).toBe(address);
    expect(failedChunkAddress(safari)).toBeUndefined();
  });

  it("takes only this site's address, without the query of an earlier retry", () => {
    expect(failedChunkAddress(new TypeError('Failed to fetch dynamically imported module: https://elsewhere.example/assets/x-1.js'))).toBeUndefined();
    expect(failedChunkAddress(new TypeError(`Failed to fetch dynamically imported module: ${address}?retry=3`))).toBe(address);
  });
});

describe('importFailedChunk', () => {
  const pickDefault = (module: { default: unknown }) => module.default;
  const escaped = address.replaceAll('.', '\\.');

  it('imports the failed address with a query of its own each time, never the same address again', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ default: 'page' });
    await expect(importFailedChunk(chromium, pickDefault)).resolves.toBe('page');
    const first = importAddress.mock.calls[0]?.[0];
    expect(first).toMatch(new RegExp(`^${escaped}\\?retry=\\d+$`));
    // the retry failed too: the next one has a query of its own again
    await importFailedChunk(new TypeError(`Failed to fetch dynamically imported module: ${first}`), pickDefault);
    const second = importAddress.mock.calls[1]?.[0];
    expect(second).toMatch(new RegExp(`^${escaped}\\?retry=\\d+$`));
    expect(second).not.toBe(first);
  });

  it('imports nothing where the failure names no address', () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress');
    expect(importFailedChunk(safari, pickDefault)).toBeUndefined();
    expect(importFailedChunk(undefined, pickDefault)).toBeUndefined();
    expect(importAddress).not.toHaveBeenCalled();
  });

  /** A module's namespace as Rolldown makes one inside a chunk. */
  const namespace = (exports: Record<string, unknown>) => Object.defineProperty({ ...exports }, Symbol.toStringTag, { value: 'Module' });

  it('finds the module in a chunk whose exports the bundler renamed, by its namespace', async () => {
    function AccessibilityPanel() {}
    // the build's accessibility-panel chunk: export { fe as n, $ as t }, fe its namespace
    vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ n: namespace({ AccessibilityPanel }), t: AccessibilityPanel });
    await expect(importFailedChunk(chromium, (module: { AccessibilityPanel: unknown }) => module.AccessibilityPanel)).resolves.toBe(AccessibilityPanel);
  });

  it('takes the chunk’s own export first (a chunk of its own, or one whose exports kept their names)', async () => {
    // the build's scan-page chunk: export { Gn as default, st as n, Wn as t }, Wn = { default: Gn }
    function ScanPage() {}
    vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ default: ScanPage, n: 'something else', t: namespace({ default: ScanPage }) });
    await expect(importFailedChunk(chromium, pickDefault)).resolves.toBe(ScanPage);
  });

  it('fails as a load only a reload can mend where the chunk does not say which module was asked for', async () => {
    vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ a: namespace({ default: 'one' }), b: namespace({ default: 'two' }) });
    const failure = await importFailedChunk(chromium, pickDefault)?.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(failure)).toBe(true);
    expect(failedChunkAddress(failure)).toBeUndefined();
  });
});

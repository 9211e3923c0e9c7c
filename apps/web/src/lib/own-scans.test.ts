import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'baitcheck:own-scans';

/** The module as a freshly loaded page has it (a reload, another tab): nothing in memory, the same storage. */
async function freshPage() {
  vi.resetModules();
  return import('./own-scans');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('own scans', () => {
  it('are still known after a reload or in a new tab, so the stream repeating their alerts pops nothing up', async () => {
    const first = await freshPage();
    first.noteOwnScan('message-1');
    expect(first.isOwnScan('message-1')).toBe(true);
    const reloaded = await freshPage();
    expect(reloaded.isOwnScan('message-1')).toBe(true);
    expect(reloaded.isOwnScan('message-2')).toBe(false);
    expect(reloaded.isOwnScan(null)).toBe(false);
  });

  it('are forgotten by other pages after OWN_SCAN_MEMORY_MS, and storage stays bounded', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const page = await freshPage();
    for (let i = 0; i < 80; i += 1) page.noteOwnScan(`m-${i}`);
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown[];
    expect(kept).toHaveLength(50);
    const later = await freshPage();
    // the 50 latest only
    expect(later.isOwnScan('m-79')).toBe(true);
    expect(later.isOwnScan('m-29')).toBe(false);
    vi.setSystemTime(Date.now() + later.OWN_SCAN_MEMORY_MS + 1);
    expect(later.isOwnScan('m-79')).toBe(false);
    // the tab that made it still knows
    expect(page.isOwnScan('m-79')).toBe(true);
  });

  it("tell this tab's listeners of another tab's scan (its pop-up about it closes)", async () => {
    const page = await freshPage();
    const heard: string[] = [];
    const stop = page.onOwnScan((id) => heard.push(id));
    // another tab writes the storage; this tab gets the storage event
    localStorage.setItem(KEY, JSON.stringify([['elsewhere-1', Date.now()]]));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(heard).toEqual(['elsewhere-1']);
    // told once, and other keys are not theirs
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'baitcheck:something-else' }));
    expect(heard).toEqual(['elsewhere-1']);
    stop();
  });

  it('ignore what they cannot read (tampered or from another version), and keep working without storage', async () => {
    localStorage.setItem(KEY, '{not json');
    let page = await freshPage();
    expect(page.isOwnScan('x')).toBe(false);
    localStorage.setItem(KEY, JSON.stringify([['x', 'yesterday'], 'y', ['z', Date.now() + 3_600_000], ['ok', Date.now()]]));
    page = await freshPage();
    expect(page.isOwnScan('x')).toBe(false);
    expect(page.isOwnScan('y')).toBe(false);
    // noted in the future: a clock that jumped, not kept forever
    expect(page.isOwnScan('z')).toBe(false);
    expect(page.isOwnScan('ok')).toBe(true);
    page.noteOwnScan('after-junk');
    expect((await freshPage()).isOwnScan('after-junk')).toBe(true);

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    page = await freshPage();
    expect(() => page.noteOwnScan('no-room')).not.toThrow();
    expect(page.isOwnScan('no-room')).toBe(true);
    vi.restoreAllMocks();
  });
});

import { describe, expect, it } from 'vitest';
import { SCREENSHOT_PROBLEMS } from './screenshot-file';
import { SHARED_IMAGE_CACHE, SHARED_IMAGE_KEY, sharedImageProblem, sharedImageState, takeSharedImage } from './shared-image';

/** Cache Storage as the service worker leaves it (one cache, keyed by path). */
function fakeCaches(entries: Record<string, Response> = {}) {
  const stored = new Map(Object.entries(entries));
  const opened: string[] = [];
  const cache = {
    match: async (key: string) => stored.get(key)?.clone(),
    delete: async (key: string) => stored.delete(key),
  };
  return { storage: { open: async (name: string) => (opened.push(name), cache) } as unknown as CacheStorage, stored, opened };
}

describe('a picture shared to the app', () => {
  it('is waiting at ?image=1, and says why at too-big or failed', () => {
    expect(sharedImageState('?image=1')).toBe('waiting');
    expect(sharedImageState('?image=too-big')).toBe('too-big');
    expect(sharedImageState('?text=hi&image=failed')).toBe('failed');
    expect(sharedImageState('?image=../../etc')).toBeNull();
    expect(sharedImageState('')).toBeNull();
    expect(sharedImageProblem('too-big')).toBe(SCREENSHOT_PROBLEMS['too-large']);
    expect(sharedImageProblem('failed')).toMatch(/could not be received/);
  });

  it('is taken once, with its name and type, from the worker’s cache', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { storage, stored, opened } = fakeCaches({
      [SHARED_IMAGE_KEY]: new Response(bytes, { headers: { 'content-type': 'image/png', 'x-file-name': encodeURIComponent('Screenshot 9.41 é.png') } }),
    });
    const file = await takeSharedImage(storage);
    expect(opened).toEqual([SHARED_IMAGE_CACHE]);
    expect(file).toBeInstanceOf(File);
    expect([file!.name, file!.type, file!.size]).toEqual(['Screenshot 9.41 é.png', 'image/png', 4]);
    const read = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(file!);
    });
    expect(new Uint8Array(read)).toEqual(bytes);
    expect(stored.size).toBe(0);
    expect(await takeSharedImage(storage)).toBeNull();
  });

  it('is nothing without Cache Storage, or when the cache cannot be read', async () => {
    expect(await takeSharedImage(undefined)).toBeNull();
    const broken = { open: async () => Promise.reject(new Error('SecurityError')) } as unknown as CacheStorage;
    expect(await takeSharedImage(broken)).toBeNull();
  });
});

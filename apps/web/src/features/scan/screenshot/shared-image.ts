import { SCREENSHOT_MAX_BYTES, SCREENSHOT_PROBLEMS } from './screenshot-file';

/**
 * A picture shared to Baitcheck from another app (issue 20): the service worker receives the
 * share (manifest `share_target`, POST /share: public/sw.js), keeps the picture in this cache and
 * opens `/scan?image=1`; the Scan screen's screenshot reader takes it from here, once, and reads
 * it on this device like a picture chosen with its button. The names are sw.js's.
 */
export const SHARED_IMAGE_CACHE = 'shared-image';
export const SHARED_IMAGE_KEY = '/shared-image';

/** What `?image=` says about a share: a picture is waiting, or why none could be kept. */
export type SharedImageState = 'waiting' | 'too-big' | 'failed' | null;

export function sharedImageState(search: string): SharedImageState {
  const value = new URLSearchParams(search).get('image');
  if (value === '1') return 'waiting';
  if (value === 'too-big' || value === 'failed') return value;
  return null;
}

/** The sentence for a share whose picture could not be kept. */
export function sharedImageProblem(state: 'too-big' | 'failed'): string {
  return state === 'too-big' ? SCREENSHOT_PROBLEMS['too-large'] : 'What you shared could not be received. Share it again, or paste the message here (a picture: choose it with Scan a screenshot).';
}

/**
 * Keeps a shared picture for the Scan screen, as the service worker does for the web app's share
 * target (the Android app's share intent uses this: lib/native/share-intent.ts). Answers what
 * `?image=` the Scan screen is to be opened with.
 */
export async function keepSharedImage(picture: Blob, name: string, storage: CacheStorage | undefined = globalThis.caches): Promise<'1' | 'too-big' | 'failed'> {
  if (!storage) return 'failed';
  try {
    const cache = await storage.open(SHARED_IMAGE_CACHE);
    if (picture.size > SCREENSHOT_MAX_BYTES) {
      await cache.delete(SHARED_IMAGE_KEY);
      return 'too-big';
    }
    const headers = { 'content-type': picture.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(name || 'shared picture') };
    await cache.put(SHARED_IMAGE_KEY, new Response(picture, { headers }));
    return '1';
  } catch {
    return 'failed';
  }
}

/**
 * Takes the waiting picture out of the cache (it is read once: a reload does not read it again),
 * or null when there is none (already taken, or no Cache Storage in this browser).
 */
export async function takeSharedImage(storage: CacheStorage | undefined = globalThis.caches): Promise<File | null> {
  if (!storage) return null;
  try {
    const cache = await storage.open(SHARED_IMAGE_CACHE);
    const response = await cache.match(SHARED_IMAGE_KEY);
    if (!response) return null;
    await cache.delete(SHARED_IMAGE_KEY);
    const bytes = await response.arrayBuffer();
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared picture');
    return new File([bytes], name, { type: response.headers.get('content-type') ?? '' });
  } catch {
    return null;
  }
}

import { Capacitor } from '@capacitor/core';
import { SendIntent } from 'send-intent';
import { paths } from '@/config/paths';
import { keepSharedImage } from '@/features/scan/screenshot/shared-image';
import { navigate } from './navigate';

/**
 * The Scan screen with a shared text filled in: the same `/scan?text=…&title=…` the web app's
 * share target opens, so one path on the Scan screen handles both. Null when nothing was shared.
 */
export function sharedTextPath(shared: { text?: string | null; title?: string | null }): string | null {
  const text = shared.text?.trim() ?? '';
  if (text === '') return null;
  const query = new URLSearchParams({ text });
  const title = shared.title?.trim();
  if (title) query.set('title', title);
  return `${paths.scan}?${query.toString()}`;
}

/**
 * A picture shared to the Android app (ACTION_SEND image/*): the plugin has copied it into the
 * app's files and gives its path; it is read through the web view's file server
 * (`convertFileSrc`) and kept where the web app's share target keeps one, so the Scan screen reads
 * it on this device (features/scan/screenshot/shared-image.ts). Answers the Scan screen's path.
 */
export async function sharedImagePath(shared: { url?: string | null; title?: string | null }, load: (src: string) => Promise<Response> = (src) => fetch(src)): Promise<string> {
  let state: Awaited<ReturnType<typeof keepSharedImage>> = 'failed';
  try {
    const response = await load(Capacitor.convertFileSrc(decodeURIComponent(shared.url ?? '')));
    if (response.ok) state = await keepSharedImage(await response.blob(), shared.title ?? '');
  } catch {
    // the file could not be read: the Scan screen says so
  }
  return `${paths.scan}?image=${state}`;
}

/**
 * Android's "Share to Baitcheck" (ACTION_SEND text/plain and image/*, AndroidManifest.xml): the
 * plugin's own activity starts the app; a text, a link or a picture shared with it opens the Scan
 * screen. The plugin gives the shared text (EXTRA_TEXT) as `url` and its subject (EXTRA_SUBJECT)
 * as `title`, or a picture's file as `url`; an app that was not started by a share is answered
 * with a refusal, which is normal.
 */
export async function openSharedText(): Promise<void> {
  let shared: Awaited<ReturnType<typeof SendIntent.checkSendIntentReceived>>;
  try {
    shared = await SendIntent.checkSendIntentReceived();
  } catch {
    return;
  }
  if (shared?.type?.startsWith('image/') && shared.url?.trim()) {
    navigate(await sharedImagePath(shared));
    return;
  }
  if (shared?.type !== undefined && !shared.type.startsWith('text/')) return;
  const path = sharedTextPath({ text: shared?.url, title: shared?.title });
  if (path) navigate(path);
}

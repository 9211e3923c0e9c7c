import { SendIntent } from 'send-intent';
import { paths } from '@/config/paths';
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
 * Android's "Share to Baitcheck" (ACTION_SEND text/plain, AndroidManifest.xml): the plugin's own
 * activity starts the app; a text or a link shared with it opens the Scan screen. The plugin gives
 * the shared text (EXTRA_TEXT) as `url` and its subject (EXTRA_SUBJECT) as `title`; an app that
 * was not started by a share is answered with a refusal, which is normal.
 */
export async function openSharedText(): Promise<void> {
  let shared: Awaited<ReturnType<typeof SendIntent.checkSendIntentReceived>>;
  try {
    shared = await SendIntent.checkSendIntentReceived();
  } catch {
    return;
  }
  if (shared?.type !== undefined && !shared.type.startsWith('text/')) return;
  const path = sharedTextPath({ text: shared?.url, title: shared?.title });
  if (path) navigate(path);
}

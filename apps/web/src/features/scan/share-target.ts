import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MAX_CONTENT_LENGTH, MAX_URL_LENGTH, isHttpUrl } from '@baitcheck/contracts/lite';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { readSessionJson, writeSessionJson } from '@/lib/session-draft';
import { MESSAGE_FORM_DEFAULTS, type MessageFormValues } from './message-form';
import { URL_FORM_DEFAULTS, type UrlFormValues } from './url-form';

/**
 * Sharing to Baitcheck (issue 20): the installed app is a share target (public/manifest.webmanifest,
 * `share_target`: POST /share, which the service worker turns into `/scan?title&text&url`, and
 * `image=1` for a picture: screenshot/shared-image.ts), so a text or link shared from another app,
 * or any link to `/scan?text=…`, opens the Scan screen with it in the Message form. It is never
 * scanned by itself: the person reads it, may add the sender, and presses Scan.
 */

/** The query parameters a share brings (the manifest's `share_target.params`). */
export const SHARE_PARAMS = ['title', 'text', 'url'] as const;

/** Where useSessionDraft keeps a form's draft (lib/session-draft.ts), by the keys General Scan uses. */
const DRAFT_KEYS = { message: 'baitcheck:draft:scan-message', url: 'baitcheck:draft:scan-url' } as const;

export interface SharedContent {
  /** What goes in the Message form's box. */
  content: string;
  /** A link shared on its own: also put in the URL form. */
  url: string | null;
  /** It was longer than one scan takes, and only its first MAX_CONTENT_LENGTH characters are kept. */
  cut: boolean;
}

const contains = (whole: string, part: string) => whole.toLowerCase().includes(part.toLowerCase());

/** The first `max` characters, not splitting a character made of two UTF-16 units (an emoji). */
function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * What a share's query brings, as the Message form will hold it: the text and the link joined
 * (one line each) when both came and the text does not hold the link already (many apps put it
 * in the text), and the title first only when it adds something (not empty, and not already in
 * the text or the link). The title is kept because it is part of what the person was shown: an
 * email's subject, or the name a shared page gives itself ("PayPal: Log in"), which the scan
 * weighs against the link. Null when nothing was shared.
 */
export function readSharedContent(search: string): SharedContent | null {
  const params = new URLSearchParams(search);
  const [title, text, url] = SHARE_PARAMS.map((name) => (params.get(name) ?? '').trim());
  const parts: string[] = [];
  if (title && !contains(text!, title) && !contains(url!, title)) parts.push(title);
  if (text) parts.push(text);
  if (url && !text!.includes(url)) parts.push(url);
  const whole = parts.join('\n');
  if (!whole) return null;
  const content = cutTo(whole, MAX_CONTENT_LENGTH);
  const link = parts.length === 1 && isHttpUrl(whole) && whole.length <= MAX_URL_LENGTH ? whole : null;
  return { content, url: link, cut: content.length < whole.length };
}

/**
 * Puts the shared content in the Scan forms' drafts, which the forms read when they appear. A
 * message the person had started typing is kept: the shared text is added after it (its sender
 * and type kept too). Answers whether it was added to a draft.
 */
export function keepAsDrafts(shared: SharedContent): boolean {
  const before = readSessionJson(DRAFT_KEYS.message) as Partial<MessageFormValues> | null;
  const typed = before && typeof before.content === 'string' && before.content.trim() !== '' ? before.content : null;
  // run twice for one share (React may), it is added once
  if (typed !== null && typed.endsWith(shared.content)) return typed !== shared.content;
  const message: MessageFormValues = typed
    ? { ...MESSAGE_FORM_DEFAULTS, ...before, content: cutTo(`${typed}\n\n${shared.content}`, MAX_CONTENT_LENGTH) }
    : { ...MESSAGE_FORM_DEFAULTS, content: shared.content };
  writeSessionJson(DRAFT_KEYS.message, message);
  if (shared.url !== null) {
    const url: UrlFormValues = { ...URL_FORM_DEFAULTS, url: shared.url };
    writeSessionJson(DRAFT_KEYS.url, url);
  }
  return typed !== null;
}

/** What a share puts in the address: its text, and `image` for a shared picture (screenshot/shared-image.ts). */
const SHARE_ADDRESS_PARAMS = [...SHARE_PARAMS, 'image'] as const;

/** The query without the share's parameters (any others kept), or null when it has none of them. */
export function withoutShareParams(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!SHARE_ADDRESS_PARAMS.some((name) => params.has(name))) return null;
  for (const name of SHARE_ADDRESS_PARAMS) params.delete(name);
  return params.toString();
}

/** A share received on the Scan screen: what it put in the Message form's draft. */
export interface ReceivedShare extends SharedContent {
  /** It was added after a message the person had started typing (kept). */
  added: boolean;
}

/**
 * On the Scan screen, before its forms appear: what a share brought becomes the Message form's
 * draft (so the forms start with it, and keep what the person then types as any draft), and the
 * share leaves the address bar, so a reload or Back does not put it over what they typed since.
 * Answers the share, the same object for the screen's whole visit (null when none came): General
 * Scan says what happened to it and puts the focus in the box.
 */
export function useShareTarget(): ReceivedShare | null {
  const search = useSearch();
  const [, navigate] = useLocation();
  // A state initialiser runs before the children (the forms) are first rendered, and once per
  // visit to the screen; it does the same each time it runs (React may run it twice).
  const [shared] = useState<ReceivedShare | null>(() => {
    const found = readSharedContent(search);
    return found ? { ...found, added: keepAsDrafts(found) } : null;
  });
  useEffect(() => {
    const rest = withoutShareParams(search);
    // wouter's replace is history.replaceState: no entry is added, and Back leaves the screen
    if (rest !== null) navigate(rest ? `${paths.scan}?${rest}` : paths.scan, { replace: true });
  }, [search, navigate]);
  return shared;
}

/**
 * What General Scan says of a share once its forms show: a text added after the person's own
 * words can be made the whole message instead (`replace`, the toast's button: a picture's text
 * offers the same choice), and a text cut to one scan's length says so.
 */
export function tellShare(share: ReceivedShare, replace: () => void): void {
  if (share.added) {
    toast({
      title: 'Shared text added',
      description: 'It is below the message you were writing, which is kept.',
      action: { label: 'Use shared text only', altText: 'To keep only the shared text, select your message above it in the box and delete it.', onClick: replace },
    });
  } else if (share.cut) {
    toast({
      title: 'Shared text shortened',
      description: `Only its first ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters are in the box: that is the most one scan checks.`,
    });
  }
}

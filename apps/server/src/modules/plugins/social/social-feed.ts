import { createHash } from 'node:crypto';
import { inputLinks } from '@baitcheck/detector';
import type { ArrivingMessage, ConnectionRow } from '../plugins.repository.ts';
import { FEED_POSTS } from './feed-posts.ts';

/** Posts a newly connected feed starts with, so the person sees it work at once. */
export const FIRST_POSTS = 3;
/** The most posts one tick adds: a server that was off for a day does not flood the history. */
export const MAX_POSTS_PER_TICK = 5;

/** The feed's place for one person: its platform and user name (the posts are theirs alone). */
interface FeedPlace {
  platform: string;
  username: string;
}

const placeOf = (row: Pick<ConnectionRow, 'settings'>): FeedPlace => ({
  platform: typeof row.settings.platform === 'string' ? row.settings.platform : '',
  username: typeof row.settings.username === 'string' ? row.settings.username.trim().replace(/^@/, '') : '',
});

/** Which post fills a slot of a place's feed: the same for the same place and slot, every time. */
function postIndex(place: FeedPlace, slot: number): number {
  const digest = createHash('sha256').update(`${place.platform}\n${place.username.toLowerCase()}\n${slot}`).digest();
  return digest.readUInt32BE(0) % FEED_POSTS.length;
}

/** One slot's post as an arriving message (spec section 3, social message). */
export function feedMessage(place: FeedPlace, slot: number, slotMs: number): ArrivingMessage {
  const post = FEED_POSTS[postIndex(place, slot)]!;
  return {
    externalId: `${place.platform}:${place.username.toLowerCase() || '-'}:${slot}`,
    content: post.content,
    sender: { id: `${place.platform}:${post.handle}`, name: post.name, handle: `@${post.handle}` },
    metadata: { platform: place.platform, kind: post.kind, recipient: place.username || null, simulated: true },
    urls: inputLinks({ kind: 'text', content: post.content }).map((l) => l.url),
    receivedAt: new Date(slot * slotMs),
  };
}

/**
 * The simulated feed's new posts for a connection at `now`: one every `slotMs`, from the slot
 * after the last one it gave (`state.lastSlot`), at most {@link MAX_POSTS_PER_TICK}; a feed
 * never given any starts with {@link FIRST_POSTS}. Answers them with the state to keep.
 */
export function nextFeedPosts(row: Pick<ConnectionRow, 'settings' | 'state'>, now: Date, slotMs: number): { posts: ArrivingMessage[]; state: Record<string, unknown> } {
  const place = placeOf(row);
  const current = Math.floor(now.getTime() / slotMs);
  const last = typeof row.state.lastSlot === 'number' ? row.state.lastSlot : current - FIRST_POSTS;
  const from = Math.max(last + 1, current - MAX_POSTS_PER_TICK + 1);
  const posts: ArrivingMessage[] = [];
  for (let slot = from; slot <= current; slot++) posts.push(feedMessage(place, slot, slotMs));
  return { posts, state: { ...row.state, lastSlot: Math.max(last, current) } };
}

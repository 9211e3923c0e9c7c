import { readSessionJson, writeSessionJson } from '@/lib/session-draft';
import { CANNED_REPLIES, LIVE_CHAT_MESSAGE_MAX_LENGTH, type ReplyTopic } from './canned-replies';

/**
 * The chat kept for this browser tab (sessionStorage), so that following a link in a reply and
 * coming back with Back finds the conversation and the half-typed message where they were. It
 * stays on the device, goes when the tab closes, and End Chat forgets it. Agent messages are kept
 * as the name of their canned reply, not as text or links, and rebuilt from the replies on load,
 * so a stored copy cannot put words or links into Sam's mouth.
 */
const KEY = 'baitcheck:live-chat';
const VERSION = 1;
/** More than any real chat; a bigger stored copy is not ours to trust. */
const MAX_STORED_MESSAGES = 500;

/** Which canned message an agent's message is. */
export type AgentReply = 'welcome' | ReplyTopic;

export type StoredMessage =
  | { id: string; sender: 'user'; content: string; timestamp: string }
  | { id: string; sender: 'agent'; reply: AgentReply; timestamp: string };

export interface StoredChat {
  messages: StoredMessage[];
  /** The person's messages still to be answered, oldest first. */
  awaiting: string[];
  draft: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isReply = (value: unknown): value is AgentReply => value === 'welcome' || (isString(value) && Object.hasOwn(CANNED_REPLIES, value));
const isTime = (value: unknown): value is string => isString(value) && value.length <= 40 && !Number.isNaN(Date.parse(value));

function toMessage(value: unknown): StoredMessage | null {
  if (value === null || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (!isString(m.id) || m.id.length === 0 || m.id.length > 40 || !isTime(m.timestamp)) return null;
  if (m.sender === 'user' && isString(m.content) && m.content.trim() !== '' && m.content.length <= LIVE_CHAT_MESSAGE_MAX_LENGTH) {
    return { id: m.id, sender: 'user', content: m.content, timestamp: m.timestamp };
  }
  if (m.sender === 'agent' && isReply(m.reply)) return { id: m.id, sender: 'agent', reply: m.reply, timestamp: m.timestamp };
  return null;
}

/** The stored chat, or null when there is none or it is not one this page wrote. */
export function loadChat(): StoredChat | null {
  const parsed = readSessionJson(KEY);
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') return null;
  const stored = parsed as Record<string, unknown>;
  if (stored.v !== VERSION || !Array.isArray(stored.messages) || !Array.isArray(stored.awaiting) || !isString(stored.draft)) return null;
  if (stored.messages.length > MAX_STORED_MESSAGES || stored.draft.length > LIVE_CHAT_MESSAGE_MAX_LENGTH) return null;

  const messages: StoredMessage[] = [];
  for (const value of stored.messages) {
    const message = toMessage(value);
    if (!message || messages.some((m) => m.id === message.id)) return null;
    messages.push(message);
  }
  // Each one awaiting is a message of the person's, once, in the order they were sent.
  const userIds = messages.filter((m) => m.sender === 'user').map((m) => m.id);
  let last = -1;
  for (const id of stored.awaiting) {
    const at = isString(id) ? userIds.indexOf(id) : -1;
    if (at <= last) return null;
    last = at;
  }
  return { messages, awaiting: stored.awaiting as string[], draft: stored.draft };
}

export function saveChat(chat: StoredChat): void {
  writeSessionJson(KEY, { v: VERSION, ...chat });
}

export function forgetChat(): void {
  writeSessionJson(KEY, undefined);
}

/** The key, for tests. */
export const LIVE_CHAT_STORAGE_KEY = KEY;

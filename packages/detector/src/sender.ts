/**
 * Who sent a message, parsed from the free-form `sender` of an input: `Name <addr@domain>`, a bare
 * address, a bare domain (what mail logs keep), a phone number in any common format, a short code
 * or an alphanumeric SMS sender ID. Pure and bounded: senders longer than {@link MAX_SENDER_CHARS}
 * are cut.
 */
import { parse } from 'tldts';

/** Characters of a sender that are parsed. */
export const MAX_SENDER_CHARS = 320;

/** What kind of sender it is. */
export type SenderKind = 'email' | 'domain' | 'phone' | 'short-code' | 'sender-id';

/** A parsed sender. */
export interface ParsedSender {
  readonly kind: SenderKind;
  /** The sender as given, trimmed. */
  readonly raw: string;
  /** Email: the display name ("PayPal Service"), '' when none. */
  readonly displayName: string;
  /** Email: the part before `@`, lower-cased; '' otherwise. */
  readonly localPart: string;
  /** Email or domain: the domain, lower-cased; '' otherwise. */
  readonly domain: string;
  /** Email or domain: its registrable domain (public-suffix list), or null. */
  readonly registrableDomain: string | null;
  /** Phone or short code: the digits; '' otherwise. */
  readonly digits: string;
  /** Phone: true when written with a leading `+` or `00` (international format). */
  readonly international: boolean;
  /** Sender ID: the ID without an Indian DLT prefix ("VM-HDFCBK" → "HDFCBK"); '' otherwise. */
  readonly senderId: string;
}

const ANGLE = /^(.*?)<\s*([^<>\s]{1,254}@[^<>\s]{1,253})\s*>\s*$/s;
const EMAIL = /^[^\s@<>]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,63}$/i;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,10}[a-z]{2,63}$/i;
const PHONE_CHARS = /^\+?[\d\s().\-/]{3,24}$/;
const SENDER_ID = /^[\p{L}\p{N}][\p{L}\p{N} &.'_+-]{1,19}$/u;
const DLT_PREFIX = /^[A-Z]{2}-(?=[A-Z0-9]{3,9}$)/;

function registrable(domain: string): string | null {
  const info = parse(domain, { allowPrivateDomains: true, extractHostname: false });
  return info.isIcann === true || info.isPrivate === true ? info.domain : null;
}

function base(kind: SenderKind, raw: string): ParsedSender {
  return { kind, raw, displayName: '', localPart: '', domain: '', registrableDomain: null, digits: '', international: false, senderId: '' };
}

function emailSender(raw: string, displayName: string, address: string): ParsedSender {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1).toLowerCase().replace(/\.$/, '');
  return {
    ...base('email', raw),
    displayName: displayName.trim().replace(/^["']+|["']+$/g, '').trim(),
    localPart: address.slice(0, at).toLowerCase(),
    domain,
    registrableDomain: registrable(domain),
  };
}

/** Parses a sender; null when there is none or it is none of the known shapes (a contact name with an emoji...). */
export function parseSender(sender: unknown): ParsedSender | null {
  if (typeof sender !== 'string') return null;
  const raw = (sender.length > MAX_SENDER_CHARS ? sender.slice(0, MAX_SENDER_CHARS) : sender).trim();
  if (raw.length === 0) return null;
  const angle = ANGLE.exec(raw);
  if (angle !== null) return EMAIL.test(angle[2] as string) ? emailSender(raw, angle[1] as string, angle[2] as string) : null;
  if (EMAIL.test(raw)) return emailSender(raw, '', raw);
  if (PHONE_CHARS.test(raw)) {
    const digits = raw.replace(/\D/g, '');
    const international = raw.startsWith('+') || (digits.startsWith('00') && digits.length > 9);
    if (!international && digits.length >= 3 && digits.length <= 6) return { ...base('short-code', raw), digits };
    if (digits.length >= 7 && digits.length <= 15) return { ...base('phone', raw), digits: digits.replace(/^00/, ''), international };
    return null;
  }
  if (DOMAIN.test(raw)) {
    const domain = raw.toLowerCase();
    const reg = registrable(domain);
    if (reg !== null) return { ...base('domain', raw), domain, registrableDomain: reg };
  }
  if (SENDER_ID.test(raw) && /\p{L}/u.test(raw)) return { ...base('sender-id', raw), senderId: raw.replace(DLT_PREFIX, '') };
  return null;
}

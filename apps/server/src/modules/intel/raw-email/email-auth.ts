/**
 * Checks a pasted email's DKIM signatures, SPF and DMARC ourselves, with mailauth and the DNS
 * resolver we are given. Only the DNS is asked: ARC and BIMI are off, nothing is fetched.
 */
import { BlockList, isIP } from 'node:net';
import { authenticate, type AuthenticateResult, type DKIMResult, type DNSResolver } from 'mailauth';
import { headerBlockEnd, headerFieldsOf, requireRawEmailSize, type HeaderField } from './email-source.ts';

/** A DNS lookup as `dns.promises.resolve` does it: records of one type, or a rejection with a c-ares code. */
export type DnsResolve = (name: string, rrtype: string) => Promise<unknown>;

/** Options of {@link authenticateRawEmail}. */
export interface AuthenticateOptions {
  resolver: DnsResolve;
  /** Gives up: every lookup still waiting fails, and its check reports `temperror`. */
  signal?: AbortSignal;
  /** Gives up after this many milliseconds (default 10 s), so a hanging resolver cannot hold a request. */
  timeoutMs?: number;
}

/** DKIM results (RFC 8601). */
export type DkimResult = 'pass' | 'fail' | 'none' | 'neutral' | 'temperror' | 'permerror' | 'policy';
/** SPF results (RFC 7208). */
export type SpfResult = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';
/** DMARC results (RFC 7489). */
export type DmarcResult = 'pass' | 'fail' | 'none' | 'temperror' | 'permerror';

/** What our own check of an email found. */
export interface EmailAuthResult {
  /** The From address's domain, lower-case; null when the From header has not exactly one address. */
  fromDomain: string | null;
  /** The sending server's address SPF was checked for ({@link sendingServerOf}); null when none was found. */
  sendingIp: string | null;
  /**
   * The signature that vouches most (an aligned pass first, then any pass, then failures): its
   * result, signing domain, and whether that domain is aligned with the From domain (relaxed,
   * same registrable domain). `none` without a signature. A body changed after signing is `fail`.
   */
  dkim: { result: DkimResult; domain?: string; aligned: boolean; reason?: string };
  /** SPF for the sending server and the Return-Path domain; `none` with a reason when no sending server was found. */
  spf: { result: SpfResult; domain?: string; reason?: string };
  /**
   * DMARC for the From domain, and the policy it publishes. Without a sending server's address, a
   * DMARC that is not a pass is undecided (SPF might have aligned): `none`, with the reason.
   */
  dmarc: { result: DmarcResult; policy?: 'none' | 'quarantine' | 'reject'; reason?: string };
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Addresses of a provider's own network: a relay inside it, never the server that handed the email over. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) INTERNAL.addSubnet(net, prefix, 'ipv6');

const BRACKETED_IP = /\[(?:ipv6:)?([0-9a-f:.]{2,45})\]/gi;

/** The `from` clause of a Received header's value ("from helo (rdns [ip]) by ..."), or null. */
function fromClauseOf(value: string): string | null {
  if (!/^from\s/i.test(value)) return null;
  let depth = 0;
  for (let i = 4; i < value.length; i++) {
    const c = value[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ';' || (/\s/.test(c as string) && /^\s(?:by|via|with|id|for)\s/i.test(value.slice(i, i + 6))))) {
      return value.slice(4, i);
    }
  }
  return value.slice(4);
}

function publicIp(raw: string): string | null {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw);
  const ip = mapped ? (mapped[1] as string) : raw;
  const family = isIP(ip);
  if (family === 0) return null;
  return INTERNAL.check(ip, family === 4 ? 'ipv4' : 'ipv6') ? null : ip;
}

/**
 * The server that handed the email to the recipient's provider, from the Received headers: the
 * top-most one whose `from` clause has a bracketed address (`from mail.x.com (mail.x.com
 * [192.0.2.10]) by mx.google.com ...`), which the receiving server wrote from the connection it
 * saw. Private, loopback and link-local addresses are relays inside the provider and are passed
 * over. `helo` is the name the server gave. Null when no Received header has such an address
 * (a source copied from a sent folder, or Microsoft's headers, which do not bracket addresses).
 */
export function sendingServerOf(fields: readonly HeaderField[]): { ip: string; helo: string | null } | null {
  for (const field of fields) {
    if (field.name !== 'received') continue;
    const clause = fromClauseOf(field.value.replace(/\s+/g, ' ').trim());
    if (clause === null) continue;
    for (const m of clause.matchAll(BRACKETED_IP)) {
      const ip = publicIp(m[1] as string);
      if (ip === null) continue;
      const helo = /^\s*([^\s()[\]]+)/.exec(clause)?.[1] ?? null;
      return { ip, helo };
    }
  }
  return null;
}

/**
 * The Return-Path address ('' for the null sender `<>`), or null without the header or with one
 * longer than any real one ({@link MAX_ADDRESS_FIELD_CHARS}; mailauth reads the address it is
 * given with an address parser that is quadratic in its commas).
 */
function envelopeSenderOf(fields: readonly HeaderField[]): string | null {
  const value = fields.find((f) => f.name === 'return-path')?.value;
  if (value === undefined || value.length > MAX_ADDRESS_FIELD_CHARS) return null;
  const angle = /<([^<>]*)>/.exec(value);
  return (angle ? (angle[1] as string) : value).trim();
}

/** Header fields of an email whose authentication is checked; real emails have dozens, a long thread's a few hundred. */
export const MAX_HEADER_FIELDS = 1000;
/**
 * Lines of the header block (fields and their folded continuations) of an email whose
 * authentication is checked: a real one has a few hundred. mailauth's header reading slows
 * sharply past about 16,000 lines (20,000 folded lines of one field held it for 5 to 23 s);
 * mailparser refuses such an email first today, but that is its limit, not ours.
 */
export const MAX_HEADER_LINES = 5000;
/**
 * Characters of one Received field handed to mailauth. A real one is well under 2 KB: one hop,
 * `from` the sending host (its HELO name, reverse DNS and bracketed address), `by` the receiving
 * one, `with` the protocol, an `id`, `for` one address and a date; Gmail's and Microsoft's run
 * 150 to 600 characters, and SMTP caps each name and address in them at a few hundred. mailauth
 * (4.13) reads every Received field with a parser quadratic in its words (`Received: a` and 48,500
 * ` b` held the event loop for 1.8 s), and nothing we take from it depends on them, so a longer
 * one is dropped, not cut: the check runs on the rest.
 */
export const MAX_RECEIVED_FIELD_CHARS = 2048;
/**
 * Received fields handed to mailauth: the bottom-most (the first hops), since a DKIM signature
 * that covers any covers those. Postfix bounces mail with 50 (its `hopcount_limit`), as a loop.
 */
export const MAX_RECEIVED_FIELDS = 50;
/**
 * Characters of a From or Return-Path field handed to mailauth: a real one holds one address of
 * at most 254 characters and a display name. mailauth reads both with nodemailer's address
 * parser, which is quadratic in the addresses listed (a From of 32,000 commas held the event loop
 * for 4.5 s). A From cannot be cut or dropped without changing whose DMARC is checked, so an email
 * with a longer one is not checked at all; a longer Return-Path is dropped (the sender's own claim,
 * which it could have left out), and SPF then checks the HELO name.
 */
export const MAX_ADDRESS_FIELD_CHARS = 2048;
/** Characters of one DKIM-Signature field (a 4096-bit signature with a long `h=` is under 2 KB); a longer one is not checked. */
export const MAX_SIGNATURE_FIELD_CHARS = 8192;
/** Header names one DKIM signature may list in `h=` (real ones list 5 to 30); a signature listing more is not checked. */
export const MAX_SIGNED_FIELDS = 100;
/** DKIM signatures of one email that are checked (the top-most: the last added); more only multiply DNS queries an attacker names. */
export const MAX_DKIM_SIGNATURES = 5;
/**
 * DNS queries one email may make: a key for each signature checked, SPF's 10 lookups with its 2
 * void ones (RFC 7208 4.6.4), DMARC's record and its organisational domain's. Past it a query
 * fails at once and the check it belongs to reports `temperror`.
 */
export const MAX_DNS_QUERIES_PER_EMAIL = MAX_DKIM_SIGNATURES + 12 + 3;

/**
 * The source as mailauth may see it: without ARC fields (`ARC-Seal`, `ARC-Message-Signature`,
 * `ARC-Authentication-Results`, any `ARC-*`), and with at most {@link MAX_DKIM_SIGNATURES}
 * `DKIM-Signature` fields (the top-most). mailauth parses ARC fields even with ARC off (to
 * attach the chain to its DKIM results), and its parser writes dotted names from the header into
 * plain objects, dropping quotes and backslashes first: `header.__pro"to__".x=1` reached it as
 * `__proto__.x` and polluted `Object.prototype` for every later request. We do not check ARC, and
 * RFC 8617 forbids DKIM from signing these fields, so removing them changes no result. Each
 * signature costs a DNS query of a name the sender chose: 600 of them made 601 queries.
 *
 * Fields are found the way mailauth finds them (its `parseHeaders`): the header block ends at the
 * first empty line (LF or CRLF), a line starting with white space continues the field before it
 * (except the very first line, which is a field of its own even when indented), and a field's
 * name is what comes before its first colon, trimmed, in any case.
 *
 * A signature listing more than {@link MAX_SIGNED_FIELDS} names in `h=` or longer than
 * {@link MAX_SIGNATURE_FIELD_CHARS} is dropped too, and an email of more than
 * {@link MAX_HEADER_FIELDS} fields or {@link MAX_HEADER_LINES} lines, or with a From field longer
 * than {@link MAX_ADDRESS_FIELD_CHARS}, is not handed over at all (null): mailauth matches names
 * against fields, and parses addresses, in quadratic, synchronous work no time budget can stop. So
 * is a signature with a body-length tag (`l=`, {@link hasBodyLengthTag}). Received fields longer
 * than {@link MAX_RECEIVED_FIELD_CHARS}, all but the bottom-most {@link MAX_RECEIVED_FIELDS}, and
 * a Return-Path longer than {@link MAX_ADDRESS_FIELD_CHARS} are dropped.
 *
 * Nothing is cut, only dropped, and only fields the sender writes (the recipient's provider
 * writes a Received field of its own far shorter than the limit): a field left out can make the
 * check find less, never more than the sender could have had by leaving it out themselves.
 */
export function headersForMailauth(source: string): string | null {
  const end = headerBlockEnd(source);
  const lines = source.slice(0, end).split(/(?<=\n)/);
  if (lines.length > MAX_HEADER_LINES) return null;
  // the fields, each its first line and continuations
  const fields: { name: string; lines: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (i === 0 || !/^\s/.test(line)) fields.push({ name: (/^[^:]+/.exec(line)?.[0] ?? '').trim().toLowerCase(), lines: [line] });
    else fields[fields.length - 1]?.lines.push(line);
  }
  // mailauth matches each signature's h= names against every field, synchronously, before the
  // body hash: 24,500 names over 12,300 fields held the event loop for seconds
  if (fields.length > MAX_HEADER_FIELDS) return null;
  const length = (f: { lines: string[] }) => f.lines.reduce((n, line) => n + line.length, 0);
  if (fields.some((f) => f.name === 'from' && length(f) > MAX_ADDRESS_FIELD_CHARS)) return null;
  let signatures = 0;
  let receivedLeft = fields.filter((f) => f.name === 'received' && length(f) <= MAX_RECEIVED_FIELD_CHARS).length;
  const kept = fields.filter((f) => {
    if (f.name.startsWith('arc-')) return false;
    if (f.name === 'received') {
      if (length(f) > MAX_RECEIVED_FIELD_CHARS) return false;
      // the bottom-most are kept: those above them are dropped while more remain than are kept
      return receivedLeft-- <= MAX_RECEIVED_FIELDS;
    }
    if (f.name === 'return-path') return length(f) <= MAX_ADDRESS_FIELD_CHARS;
    if (f.name !== 'dkim-signature') return true;
    signatures += 1;
    const field = f.lines.join('');
    return signatures <= MAX_DKIM_SIGNATURES && field.length <= MAX_SIGNATURE_FIELD_CHARS && signedFieldCount(field) <= MAX_SIGNED_FIELDS && !hasBodyLengthTag(field);
  });
  if (kept.length === fields.length) return source;
  // the break after the block's last line opens the rest: a kept line that now ends the block gives up its own
  return kept.flatMap((f) => f.lines).join('').replace(/\r?\n$/, '') + source.slice(end);
}

/**
 * Whether a DKIM-Signature field has a body-length tag (`l=`): it signs only the first `l` bytes
 * of the body, so text added after them still passes (RFC 6376 8.2), and a phishing message
 * appended to a bank's signed email would be vouched for. Such a signature is not checked. It
 * also kept mailauth from a clean stdout: for a body shorter than `l` it writes `TOTAL …
 * EXPECTING …` with console.log, which no option turns off (mailauth 4.13; only upstream can).
 */
export function hasBodyLengthTag(field: string): boolean {
  return /(?:^|;)\s*l\s*=/i.test(field.slice(field.indexOf(':') + 1));
}

/** Said of DKIM when the email's only signatures carry a body-length tag ({@link hasBodyLengthTag}). */
const BODY_LENGTH_REASON = 'Not checked: its DKIM signature covers only the first part of the body (an l= tag), so text added after signing would pass too.';

/** How many header names a DKIM-Signature's `h=` tag lists. */
function signedFieldCount(field: string): number {
  const h = /(?:^|;)\s*h\s*=([^;]*)/i.exec(field.slice(field.indexOf(':') + 1));
  return h ? (h[1] as string).split(':').length : 0;
}

/** A rejection mailauth understands: an Error with a c-ares style code (it reads `err.code`). */
function dnsError(err: unknown, name: string): Error {
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof Error && typeof code === 'string') return err;
  return Object.assign(new Error(`DNS lookup of ${name} failed`), { code: typeof code === 'string' ? code : 'ESERVFAIL' });
}

/**
 * The resolver as mailauth calls it: every lookup fails at once when `signal` aborts, the same
 * question asked twice shares one answer, and past {@link MAX_DNS_QUERIES_PER_EMAIL} questions
 * a lookup fails without being sent.
 */
function guarded(resolve: DnsResolve, signal: AbortSignal): DNSResolver {
  const asked = new Map<string, Promise<string[]>>();
  const ask = (name: string, rrtype: string): Promise<string[]> =>
    new Promise((ok, fail) => {
      const onAbort = () => fail(Object.assign(new Error(`DNS lookup of ${name} gave up`), { code: 'ETIMEOUT' }));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      let answer: Promise<unknown>;
      try {
        answer = Promise.resolve(resolve(name, rrtype));
      } catch (err) {
        answer = Promise.reject(err);
      }
      answer
        .then(
          (records) => ok(records as string[]),
          (err: unknown) => fail(dnsError(err, name)),
        )
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  return (name, rrtype) => {
    const key = `${rrtype} ${String(name).toLowerCase()}`;
    let answer = asked.get(key);
    if (answer === undefined) {
      answer =
        asked.size >= MAX_DNS_QUERIES_PER_EMAIL
          ? Promise.reject(Object.assign(new Error(`not asked: more than ${MAX_DNS_QUERIES_PER_EMAIL} DNS queries for one email`), { code: 'EREFUSED' }))
          : ask(name, rrtype);
      if (asked.size < MAX_DNS_QUERIES_PER_EMAIL) asked.set(key, answer);
    }
    return answer;
  };
}

const DKIM_WORDS: ReadonlySet<string> = new Set(['pass', 'fail', 'none', 'neutral', 'temperror', 'permerror', 'policy']);
const SPF_WORDS: ReadonlySet<string> = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);
const DMARC_WORDS: ReadonlySet<string> = new Set(['pass', 'fail', 'none', 'temperror', 'permerror']);
/** Preference among signatures: the one that vouches most comes first. */
const DKIM_RANK = ['pass', 'fail', 'temperror', 'policy', 'permerror', 'neutral', 'none'];

function wordOf<T extends string>(raw: unknown, allowed: ReadonlySet<string>, otherwise: T): T {
  const w = typeof raw === 'string' ? raw.toLowerCase().replace(/^temperr$/, 'temperror').replace(/^permerr$/, 'permerror') : '';
  return (allowed.has(w) ? w : otherwise) as T;
}

function dkimOf(signatures: readonly DKIMResult[]): EmailAuthResult['dkim'] {
  const rows = signatures
    .filter((s) => s.status !== undefined)
    .map((s) => {
      const comment = typeof s.status.comment === 'string' ? s.status.comment : undefined;
      // RFC 6376 6.1.3: a body hash that does not verify is a failed signature (mailauth says neutral)
      const bodyChanged = s.status.result === 'neutral' && comment !== undefined && /body hash did not verify/i.test(comment);
      const result: DkimResult = bodyChanged ? 'fail' : wordOf(s.status.result, DKIM_WORDS, 'neutral');
      const row: EmailAuthResult['dkim'] = { result, aligned: Boolean(s.status.aligned) };
      if (typeof s.signingDomain === 'string' && s.signingDomain !== '') row.domain = s.signingDomain.toLowerCase();
      if (bodyChanged) row.reason = 'The message was changed after it was signed (the body does not match the signature).';
      else if (comment !== undefined) row.reason = comment;
      return row;
    })
    .filter((r) => r.domain !== undefined || r.result !== 'none');
  rows.sort((a, b) => DKIM_RANK.indexOf(a.result) - DKIM_RANK.indexOf(b.result) || Number(b.aligned) - Number(a.aligned));
  return rows[0] ?? { result: 'none', aligned: false, reason: 'The email has no DKIM signature.' };
}

function policyOf(raw: unknown): 'none' | 'quarantine' | 'reject' | undefined {
  const p = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return p === 'none' || p === 'quarantine' || p === 'reject' ? p : undefined;
}

function resultOf(res: AuthenticateResult, ip: string | null, bodyLengthSigned: boolean): EmailAuthResult {
  const from = res.dkim.headerFrom?.length === 1 ? (res.dkim.headerFrom[0] as string) : null;
  const fromDomain = from === null ? null : from.slice(from.lastIndexOf('@') + 1).toLowerCase() || null;
  const dkim = dkimOf(res.dkim.results ?? []);
  if (bodyLengthSigned && dkim.result === 'none') dkim.reason = BODY_LENGTH_REASON;
  let spf: EmailAuthResult['spf'];
  if (ip === null) {
    spf = { result: 'none', reason: 'Not checked: no Received header shows the address of the server that sent the email.' };
  } else if (res.spf === false) {
    spf = { result: 'none' };
  } else {
    spf = { result: wordOf(res.spf.status?.result, SPF_WORDS, 'temperror') };
    if (typeof res.spf.domain === 'string' && res.spf.domain !== '-') spf.domain = res.spf.domain.toLowerCase();
    if (typeof res.spf.status?.comment === 'string') spf.reason = res.spf.status.comment;
  }
  let dmarc: EmailAuthResult['dmarc'];
  if (res.dmarc === false) {
    dmarc = { result: 'none', reason: 'Not checked: the From header does not have exactly one address.' };
  } else {
    dmarc = { result: wordOf(res.dmarc.status?.result, DMARC_WORDS, 'temperror') };
    const policy = policyOf(res.dmarc.policy);
    if (policy !== undefined) dmarc.policy = policy;
    if (ip === null && dmarc.result === 'fail') {
      dmarc.result = 'none';
      dmarc.reason = 'Not decided: no DKIM signature of the From domain passed, and without the sending server’s address SPF could not be checked.';
    } else if (bodyLengthSigned && dmarc.result === 'fail' && dkim.result !== 'pass') {
      // the signature left unchecked might have aligned: a real sender's email is not called forged for it
      dmarc.result = 'none';
      dmarc.reason = 'Not decided: a DKIM signature with a body-length tag (l=) was not checked, and it might have aligned.';
    }
  }
  return { fromDomain, sendingIp: ip, dkim, spf, dmarc };
}

function unavailable(source: string, ip: string | null, reason = 'The check could not be completed.'): EmailAuthResult {
  const from = headerFieldsOf(source).find((f) => f.name === 'from')?.value ?? '';
  const domain = /@([^\s<>@"]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? null;
  return {
    fromDomain: domain,
    sendingIp: ip,
    dkim: { result: 'temperror', aligned: false, reason },
    spf: { result: 'temperror', reason },
    dmarc: { result: 'temperror', reason },
  };
}

/**
 * Checks an email source's DKIM signatures, SPF and DMARC with mailauth's `authenticate()` and
 * the given DNS resolver. SPF is checked for the sending server found in the Received headers
 * ({@link sendingServerOf}) and the Return-Path domain; without one it is `none`, said so in its
 * reason. DNS failures, time-outs and an aborted `signal` never throw: the checks they touch report
 * `temperror`. Throws only for a source over 5 MB (`PAYLOAD_TOO_LARGE`).
 */
export async function authenticateRawEmail(source: string, options: AuthenticateOptions): Promise<EmailAuthResult> {
  requireRawEmailSize(source);
  const fields = headerFieldsOf(source);
  const server = sendingServerOf(fields);
  const ip = server?.ip ?? null;
  const signals = [AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)];
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  try {
    const envelope = envelopeSenderOf(fields);
    const prepared = headersForMailauth(source);
    if (prepared === null) {
      return unavailable(source, ip, `Not checked: the email has more than ${MAX_HEADER_FIELDS} header fields or ${MAX_HEADER_LINES} header lines, or a From header longer than any real one.`);
    }
    const bodyLengthSigned = fields.some((f) => f.name === 'dkim-signature' && hasBodyLengthTag(`:${f.value}`));
    const res = await authenticate(prepared, {
      resolver: guarded(options.resolver, signal),
      ...(server !== null ? { ip: server.ip } : {}),
      ...(server?.helo ? { helo: server.helo } : {}),
      ...(envelope ? { sender: envelope } : {}),
      mta: 'baitcheck',
      disableArc: true,
      disableBimi: true,
    });
    return resultOf(res, ip, bodyLengthSigned);
  } catch {
    return unavailable(source, ip);
  }
}

import { HELP_PAGE_IDS, PLUGIN_IDS } from '@baitcheck/contracts';
import fc from 'fast-check';
import type { FuzzTarget, JsonSchema } from './targets.ts';

/**
 * The fuzzer's generators: for one route, fast-check arbitraries of malformed requests (wrong
 * types, huge and deep JSON, invalid UTF-8, odd content types, path tricks, query tricks, header
 * floods, wrong methods), and of raw requests that only a socket can carry. Values that only the
 * running app knows (a session token, an id of the account's own message) are `@@name@@`
 * placeholders, filled in when the request is sent, so a counterexample stays readable and
 * replayable.
 */

/** Which of the fuzzed apps gets the request: test checkout and no sources set up, or Stripe, Slack, Twilio and SMTP set up (local peers). */
export type AppName = 'plain' | 'configured';
/** Who sends it: nobody known yet, a guest with a session, a signed-in account. */
export type Identity = 'newcomer' | 'guest' | 'account';

/** A body: text (with placeholders), then bytes spliced in at character offsets (invalid UTF-8), in an encoding. */
export interface BodySpec {
  text: string;
  splices?: { at: number; hex: string }[];
  encoding?: 'utf8' | 'utf16le' | 'latin1';
}

/** A request written byte for byte (socket only): its text with placeholders, and bytes spliced in. */
export interface RawSpec {
  text: string;
  splices?: { at: number; hex: string }[];
  /** The request is incomplete (its body cut short, then the socket half-closed): the server may close without answering. */
  mayGoUnanswered?: boolean;
}

/** One generated request. */
export interface FuzzRequest {
  app: AppName;
  as: Identity;
  transport: 'inject' | 'socket';
  method: string;
  /** The path as sent (already percent-encoded where meant to be), with placeholders. */
  path: string;
  /** The query string as sent, without `?`; empty for none. */
  query: string;
  headers: [string, string][];
  /** The Cookie header: `@@cookie@@` is the identity's session (nothing for a newcomer); null: no Cookie header at all. */
  cookie: string | null;
  body?: BodySpec;
  /** The webhooks: signed with the source's secret (over whatever the body is), or not. */
  sign?: boolean;
  /** Sent this many times at once (inject): races between copies of one request (idempotency keys, caps, sign-ups). */
  copies?: number;
  /** Socket only: the whole request as raw bytes (method, path, headers and body above are then unused). */
  raw?: RawSpec;
}

/** The placeholders the sender fills in. */
export const PLACEHOLDERS = [
  'cookie',
  'token',
  'email',
  'password',
  'messageId',
  'blockedSenderId',
  'reportId',
  'checkoutId',
  'notificationId',
  'deviceScanId',
  'userId',
  'articleId',
  'phone',
  'origin',
  'host',
] as const;
/** A placeholder's name. */
export type Placeholder = (typeof PLACEHOLDERS)[number];
const ph = (name: Placeholder) => `@@${name}@@`;

// ---------------------------------------------------------------------------------------------
// strings

/** Short strings that break naive code: empties, NULs, lone surrogates, bidi and zero-width characters, injections, near-numbers, near-dates. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u{1F600}',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  'ﬁ',
  'İı',
  'ß',
  '\u00a0',
  '\\',
  '"',
  "'; drop table users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'http://',
  'https://',
  'http://[::1',
  'http://0x7f.1/',
  'https://xn--pypal-4ve.com/login',
  'http://user:pass@example.com:99999/',
  'file:///etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e999',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '2024-02-30T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00.000Z_',
  '2024-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a@b',
  '@',
  'a@example.com\u0000',
  'ü@exämple.com',
  ' someone@example.com ',
  'SOMEONE@EXAMPLE.COM',
  '+15005550006',
  '+1 (500) 555-0006\u0000',
  'Europe/Paris',
  'Etc/GMT+14',
  '😀'.repeat(33),
];

/** The known-good values a field is filled with when its name says what it is. */
const FIELD_HINTS: Record<string, string[]> = {
  email: [ph('email'), 'someone@example.com', 'new.person@example.org'],
  emailAddress: [ph('email'), 'inbox@example.com'],
  password: [ph('password'), 'a long enough password', 'wrong password!'],
  currentPassword: [ph('password'), 'not the password at all'],
  newPassword: ['another long password', ph('password')],
  content: [
    'URGENT: your account is locked. Verify now at http://paypa1-secure-login.top/verify or it will be closed.',
    'Hi Mum, I lost my phone, this is my new number. Can you send £200 for rent today?',
    'See you at 6 for dinner.',
  ],
  text: ['Your parcel is waiting: pay the redelivery fee at https://royalmail-redeliver.top/pay', 'Lunch tomorrow?'],
  Body: ['Your bank: confirm your code 123456 at http://bank-verify.top', '123456', ''],
  sender: ['+447700900123', 'PayPal <service@paypa1.top>', 'Mum'],
  url: ['http://paypa1-secure-login.top/verify', 'https://example.com/', 'http://192.168.0.1/admin'],
  messageId: [ph('messageId')],
  id: [ph('messageId'), ph('notificationId')],
  userId: [ph('userId')],
  token: ['A'.repeat(43), 'fcm-token:abc_DEF-123.xyz'],
  phoneNumber: [ph('phone'), '+15005550006', '07700 900123'],
  host: ['imap.fuzz.invalid', '127.0.0.1', 'localhost', '10.0.0.1', '[::1]'],
  username: [ph('email'), 'someone'],
  query: ['Is this text from my bank real?', 'how do I block a number'],
  location: ['/etc/passwd', 'https://feeds.fuzz.invalid/list.txt', '../../data/db'],
  From: ['+15005550006', ph('phone')],
};

/** `arb`'s value one time in `oneIn`, else `nil` (fast-check's `option` gives the nil value one time in `freq`: the other way round). */
export function rarely<T, N>(arb: fc.Arbitrary<T>, oneIn: number, nil: N): fc.Arbitrary<T | N> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(nil) }, { weight: 1, arbitrary: arb });
}

/** `piece` repeated: cheap huge strings (fast-check shrinks the count). */
function repeated(pieces: readonly string[], min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...pieces), fc.integer({ min, max })).map(([piece, n]) => piece.repeat(n));
}

const HUGE_PIECES = ['a', 'é', '😀', ' ', '\u0301', 'x\u0000', 'http://a.b/', '<a href="http://x.top">', 'A'.repeat(64)];

/** A string meant to break things: from the list, random code points, or huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: repeated(HUGE_PIECES, 100, 5_000) },
  { weight: 1, arbitrary: repeated(HUGE_PIECES, 5_000, 120_000) },
);

// ---------------------------------------------------------------------------------------------
// JSON values from the contract's schemas

function types(s: JsonSchema): string[] {
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))];
  if (s.const !== undefined) return [typeof s.const];
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

const patternArbs = new Map<string, fc.Arbitrary<string> | null>();

/**
 * Strings matching `pattern`, built once per pattern (fast-check's builder is slow for large
 * classes); "anything but these characters" (`^[^\p{Cc}…]*$`, one line of text) as printable
 * graphemes, which fit it, rather than a class of a million code points.
 */
function patternArb(pattern: string, maxLength: number): fc.Arbitrary<string> | null {
  if (/^\^\[\^[^\]]*\]\*\$$/.test(pattern)) return fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 40) });
  if (!patternArbs.has(pattern)) {
    let arb: fc.Arbitrary<string> | null = null;
    for (const flags of ['', 'u']) {
      try {
        arb = fc.stringMatching(new RegExp(pattern, flags));
        break;
      } catch {
        // the next flags
      }
    }
    patternArbs.set(pattern, arb);
  }
  return patternArbs.get(pattern)!;
}

const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

/** A value that fits `s` (mostly: patterns the generator cannot read, and refinements, are approximated). */
export function validish(s: JsonSchema, key = '', depth = 0): fc.Arbitrary<unknown> {
  // a field with a shape of its own (a pattern, a list, a format) keeps it
  const hints = s.pattern || s.enum || s.format || s.anyOf ? undefined : FIELD_HINTS[key];
  const base = validishOf(s, key, depth);
  return hints ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: base }) : base;
}

function validishOf(s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => validish(a, key, depth + 1)));
  const kinds = types(s);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validishOf({ ...s, type }, key, depth)));
  switch (kinds[0]) {
    case 'object': {
      if (depth > 6) return fc.constant({});
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(props)) model[name] = validish(prop, name, depth + 1);
      const required = (s.required ?? []).filter((r) => r in props);
      const record = fc.record(model, { requiredKeys: required });
      if (Object.keys(props).length === 0 && s.additionalProperties !== false) return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      return record;
    }
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const min = s.minItems ?? 0;
      return fc.array(s.items ? validish(s.items, key, depth + 1) : fc.jsonValue({ maxDepth: 2 }), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 4, 4)) });
    }
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time') return isoDate;
      if (s.format === 'uri') return fc.oneof(fc.webUrl(), fc.constantFrom('https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x'));
      if (s.pattern) {
        const arb = patternArb(s.pattern, s.maxLength ?? 40);
        if (arb) return arb;
      }
      const min = s.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 40, 40)), unit: 'grapheme' });
    }
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1e6, -2_147_483_648), max: Math.min(s.maximum ?? 1e6, 2_147_483_647) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Numbers that are wrong somewhere: negatives, fractions, huge, past 2^53, -0. */
const ODD_NUMBERS = [-1, 0, 0.5, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE, 4_102_444_800_000];

/** Values that go one past each bound of `s` (length, range, enum spelling, pattern). */
function pastBounds(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (s.maxLength !== undefined) out.push(fc.constantFrom('x'.repeat(s.maxLength + 1), '😀'.repeat(s.maxLength), 'é'.repeat(s.maxLength + 1)));
  if (s.minLength !== undefined && s.minLength > 0) out.push(fc.constant('x'.repeat(s.minLength - 1)));
  if (s.maximum !== undefined) out.push(fc.constantFrom(s.maximum + 1, s.maximum + 0.5, String(s.maximum)));
  if (s.minimum !== undefined) out.push(fc.constantFrom(s.minimum - 1, s.minimum - 0.5, String(s.minimum)));
  if (s.maxItems !== undefined) out.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => (s.items ? {} : 0))));
  if (s.minItems !== undefined && s.minItems > 0) out.push(fc.constant([]));
  if (s.enum) {
    const strings = s.enum.filter((v): v is string => typeof v === 'string');
    if (strings.length > 0) out.push(fc.constantFrom(...strings.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}s`])));
  }
  if (s.pattern || s.format) out.push(fc.constantFrom('not-the-shape', 'A'.repeat(42), 'A'.repeat(44), '0'.repeat(31), 'G'.repeat(32), '2024-13-01T00:00:00Z', 'ffffffff-ffff-ffff-ffff-fffffffffffg'));
  return out;
}

/** A value of `s`'s wrong type, or just past one of its bounds. */
export function wrongValue(s: JsonSchema, key = '', depth = 0): fc.Arbitrary<unknown> {
  const kinds = types(s);
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...ODD_NUMBERS),
    fc.integer(),
    nastyString,
    fc.constant([]),
    fc.constant({}),
    fc.array(validish(s, key, depth + 1), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', key || 'value', '__proto__', 'constructor', ''), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    ...pastBounds(s),
  ];
  if (kinds.includes('object') && depth < 5) options.push(mutatedObject(s, depth + 1), mutatedObject(s, depth + 1));
  if (kinds.includes('array') && s.items && depth < 5) options.push(fc.array(mutatedValue(s.items, key, depth + 1), { minLength: 1, maxLength: 4 }));
  if (kinds.includes('string')) options.push(fc.constantFrom(...NASTY_STRINGS), fc.integer({ min: 0, max: 999_999 }).map(String));
  if (kinds.includes('boolean')) options.push(fc.constantFrom('true', 'false', 1, 0, 'yes', 'on'));
  if (kinds.includes('integer') || kinds.includes('number')) options.push(fc.constantFrom('1', '1e3', ' 5', '0x10', '', 'NaN'), fc.double());
  return fc.oneof(...options);
}

/** Keys that should never be trusted: prototype names, empties, huge, unicode, look-alikes of real fields. */
const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', '', ' ', 'toString', 'hasOwnProperty', '$where', 'content ', 'Content', 'userId', 'isAdmin', 'role', 'plan', '😀', 'a'.repeat(1000), 'x\u0000'];

/** An object of `s` with each field valid, wrong or missing, and maybe fields it does not know. */
export function mutatedObject(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(props)) model[name] = mutatedValue(prop, name, depth);
  const extras = fc.dictionary(fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ maxLength: 8 })), fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyString), { maxKeys: 3 });
  return fc.tuple(fc.record(model, { requiredKeys: [] }), rarely(extras, 4, undefined)).map(([fields, extra]) => {
    if (!extra) return fields;
    // own properties even for `__proto__` (JSON.stringify then writes it as a key, as an attacker would)
    const merged: Record<string, unknown> = { ...fields };
    for (const [k, v] of Object.entries(extra)) Object.defineProperty(merged, k, { value: v, enumerable: true, writable: true, configurable: true });
    return merged;
  });
}

/** Mostly valid, often wrong, sometimes nasty. */
function mutatedValue(s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validish(s, key, depth) }, { weight: 3, arbitrary: wrongValue(s, key, depth) }, { weight: 1, arbitrary: nastyString });
}

/**
 * An object of `s` whose own fields are valid and whose nested objects are mutated: a webhook's
 * envelope (an event id, a type, a time) that passes its checks, around an object that may not.
 */
export function validAroundMutated(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(props)) {
    model[name] = types(prop).includes('object') && prop.properties && depth < 4 ? fc.oneof(validAroundMutated(prop, depth + 1), mutatedObject(prop, depth + 1)) : validish(prop, name, depth + 1);
  }
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((r) => r in props) });
}

/** A body value for `schema`: valid (a baseline that reaches the handler), a mutated object, or the wrong thing altogether. */
export function bodyValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const whole = fc.oneof(
    fc.constantFrom(null, 0, -1, true, 'text', '', [], [[]], {}),
    fc.jsonValue({ maxDepth: 4 }),
    fc.integer({ min: 33, max: 3_000 }).map((n) => nest(n, (inner) => [inner])),
    fc.integer({ min: 33, max: 3_000 }).map((n) => nest(n, (inner) => ({ a: inner }))),
  );
  const alternatives = schema?.anyOf ?? schema?.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => bodyValue(a)));
  if (!schema || Object.keys(schema).length === 0) return fc.oneof({ weight: 3, arbitrary: whole }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })) });
  const isObject = types(schema).includes('object');
  return fc.oneof(
    { weight: 4, arbitrary: validish(schema) },
    { weight: isObject ? 8 : 2, arbitrary: isObject ? mutatedObject(schema) : wrongValue(schema) },
    { weight: 1, arbitrary: whole },
    { weight: isObject ? 1 : 0, arbitrary: fc.array(validish(schema), { minLength: 1, maxLength: 2 }) },
  );
}

function nest(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// bodies as bytes

/** Byte sequences that are not UTF-8: lone continuation bytes, overlongs, surrogates encoded, truncated sequences, 0xFF. */
export const INVALID_UTF8 = ['ff', 'fe', 'c0af', 'c328', 'a0a1', 'e228a1', 'e282', 'eda080', 'edbfbf', 'f0288cbc', 'f8a1a1a1a1', 'c0', 'e0a4', 'f4908080', '80'];

/** How a value becomes a body: JSON, or JSON broken in one of many ways. */
export function encodedBody(value: fc.Arbitrary<unknown>): fc.Arbitrary<BodySpec> {
  const json = value.map((v) => safeStringify(v));
  return fc.oneof(
    { weight: 30, arbitrary: json.map((text) => ({ text })) },
    // cut short
    { weight: 2, arbitrary: fc.tuple(json, fc.double({ min: 0, max: 1, noNaN: true })).map(([text, f]) => ({ text: text.slice(0, Math.floor(text.length * f)) })) },
    // invalid UTF-8 spliced in, inside a string where there is one
    {
      weight: 3,
      arbitrary: fc.tuple(json, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...INVALID_UTF8)), { minLength: 1, maxLength: 3 })).map(([text, cuts]) => ({
        text,
        splices: cuts.map(([f, hex]) => ({ at: stringOffset(text, f), hex })).sort((a, b) => a.at - b.at),
      })),
    },
    { weight: 1, arbitrary: json.map((text) => ({ text: `\ufeff${text}` })) },
    // the same key twice, the second one wrong
    { weight: 2, arbitrary: fc.tuple(json, fc.jsonValue({ maxDepth: 1 })).map(([text, dup]) => ({ text: duplicateFirstKey(text, dup) })) },
    // nesting far past the limit, as text (too deep for a value to be built)
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 33, max: 400_000 }), fc.constantFrom('[', '{"a":')).map(([n, open]) => ({ text: open.repeat(n) + (open === '[' ? ']'.repeat(n) : `1${'}'.repeat(n)}`) })) },
    { weight: 1, arbitrary: fc.constantFrom('{"limit":1e999}', '{"a":123456789012345678901234567890}', '[-0]', '{"a":1E400,"b":-1e-400}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}').map((text) => ({ text })) },
    // not JSON
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', 'undefined', "{'a':1}", '{a:1}', '{"a":1,}', '[1,]', '{"a":1}{"b":2}', '{"a":1} trailing', '/* c */{}', '\u0000', 'NaN', '"\\x41"', '{"a":"\n"}', '{"a" 1}').map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ text: '', splices: [{ at: 0, hex: Buffer.from(bytes).toString('hex') }] })) },
    // too large (the limit is 1 MB)
    { weight: 1, arbitrary: fc.integer({ min: 1_048_577 - 12, max: 1_300_000 }).map((n) => ({ text: `{"content":"${'a'.repeat(n)}"}` })) },
    // other encodings than the one claimed
    { weight: 1, arbitrary: json.map((text) => ({ text, encoding: 'utf16le' as const })) },
    { weight: 1, arbitrary: json.map((text) => ({ text, encoding: 'latin1' as const })) },
    // a form, or multipart, instead of JSON
    { weight: 1, arbitrary: value.map((v) => ({ text: toForm(v) })) },
    {
      weight: 1,
      arbitrary: json.map((text) => ({
        text: `--fuzzboundary\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n${text}\r\n--fuzzboundary\r\nContent-Disposition: form-data; name="file"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--fuzzboundary--`,
      })),
    },
  );
}

/** JSON.stringify, with what it refuses (cycles never occur; BigInt never occurs) as text. */
function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '[]';
  }
}

/** A character offset of `text` at fraction `f`, never inside a surrogate pair. */
function stringOffset(text: string, f: number): number {
  let at = Math.floor(text.length * f);
  const code = text.charCodeAt(at);
  if (code >= 0xdc00 && code <= 0xdfff) at -= 1;
  return Math.max(0, at);
}

function duplicateFirstKey(text: string, dup: unknown): string {
  const match = /^\{("(?:[^"\\]|\\.)*"):/.exec(text);
  if (!match) return text;
  return `{${match[1]}:${safeStringify(dup)},${text.slice(1)}`;
}

/** A flat form encoding of a value (objects by key; other values as `value=`). */
export function toForm(value: unknown): string {
  const params = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) params.append(k, typeof v === 'string' ? v : safeStringify(v));
  } else {
    params.append('value', typeof value === 'string' ? value : safeStringify(value));
  }
  return params.toString();
}

// ---------------------------------------------------------------------------------------------
// content types, headers, cookies

const JSON_TYPE = 'application/json';
const ODD_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json;;',
  'application/json; boundary=x',
  'APPLICATION/JSON',
  ' application/json ',
  'application/json, text/plain',
  'application/jsonx',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/*',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'multipart/form-data; boundary=fuzzboundary',
  'multipart/form-data',
  'application/octet-stream',
  'application/xml',
  'image/png',
  '*/*',
  '',
  ';',
  'json',
  'application/json\u00ff',
  'a'.repeat(2_000),
];

/** The Content-Type header(s) for a body: JSON mostly, else odd, missing or twice. */
function contentTypeHeaders(preferred: string): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant<[string, string][]>([['content-type', preferred]]) },
    { weight: 5, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES).map((v) => [['content-type', v] as [string, string]]) },
    { weight: 1, arbitrary: fc.constant([] as [string, string][]) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES).map((v) => [['content-type', preferred] as [string, string], ['content-type', v] as [string, string]]) },
  );
}

const ORIGINS = [ph('origin'), 'null', 'http://evil.example', 'https://localhost', 'http://localhost:1', 'http://127.0.0.1', 'file://', 'http://[::1', 'http://exämple.com', '', 'a'.repeat(3000)];
const TIME_ZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'utc', 'Etc/GMT+14', 'Etc/GMT-14', 'Mars/Olympus', '', ' ', '../../etc/passwd', 'Europe/Paris\u00ff', '+05:00', 'a'.repeat(65), 'Europe/' + 'x'.repeat(56), 'America/Argentina/ComodRivadavia', 'US/Pacific-New', 'Asia/Kolkata '];
const IDEMPOTENCY_KEYS = ['fuzz-key-1', 'fuzz-key-2', '', ' ', '"quoted-key"', '"unterminated', '""', 'k'.repeat(128), 'k'.repeat(129), 'clé', 'a b', 'a\tb', '00000000-0000-0000-0000-000000000000'];
const HOSTS = [ph('host'), '', 'evil.example', 'localhost:99999', 'localhost:-1', '[::1', '[::1]:80', 'a'.repeat(300), 'exämple.com', '127.0.0.1:80 127.0.0.2', 'localhost\u00ff'];
const ACCEPTS = ['text/html', 'text/html,application/xhtml+xml,*/*;q=0.8', 'application/json', '*/*', '', 'text/event-stream', 'application/json;q=nan', 'x'.repeat(5000)];
const ENCODINGS = ['gzip, br', 'br', 'gzip', 'deflate', 'identity;q=0', '*;q=0', 'zstd', 'gzip;q=2, br;q=-1', 'x'.repeat(3000)];

/** A header value as Node's parser hands it over: no CR, LF or NUL; characters past Latin-1 as their UTF-8 bytes. */
export function headerSafe(value: string): string {
  const latin = Buffer.from(value, 'utf8').toString('latin1');
  return latin.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '?');
}

function randomHeaderValue(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 30 })).map(headerSafe);
}

/** Headers around a request: origins, idempotency keys, time zones, hosts, proxies, signatures, floods. */
function headersArb(target: FuzzTarget): fc.Arbitrary<[string, string][]> {
  const one = (name: string, values: fc.Arbitrary<string>, oneIn: number) => rarely(values.map((v): [string, string][] => [[name, headerSafe(v)]]), oneIn, [] as [string, string][]);
  const signatureHeaders: fc.Arbitrary<[string, string][]> =
    target.kind === 'stripe-webhook'
      ? one('stripe-signature', fc.oneof(fc.constantFrom('t=1,v1=abc', 't=abc,v1=', 'v1=' + 'a'.repeat(64), '', 't=9999999999,v1=00,v0=11', ','.repeat(5000)), randomHeaderValue()), 2)
      : target.kind === 'slack-events'
        ? fc.tuple(one('x-slack-request-timestamp', fc.constantFrom('', '-1', '0', '1e99', 'NaN', '99999999999999999999', String(Math.floor(Date.now() / 1000))), 2), one('x-slack-signature', fc.constantFrom('v0=', 'v0=' + '0'.repeat(64), 'v1=abc', 'x'.repeat(5000)), 2)).map(([a, b]) => [...a, ...b])
        : target.kind === 'twilio-webhook'
          ? one('x-twilio-signature', fc.constantFrom('', 'AAAA', '=', 'x'.repeat(5000), 'bm90IGEgc2lnbmF0dXJl'), 2)
          : fc.constant([]);
  const flood = fc.tuple(fc.integer({ min: 20, max: 1_200 }), fc.integer({ min: 1, max: 300 }), fc.boolean()).map(([count, size, sameName]) =>
    Array.from({ length: count }, (_, i) => [sameName ? 'x-fuzz' : `x-fuzz-${i}`, 'v'.repeat(size)] as [string, string]),
  );
  const misc = fc.oneof(
    fc.constantFrom<[string, string]>(
      ['x-forwarded-for', '1.2.3.4, 5.6.7.8'],
      ['x-forwarded-for', 'not-an-ip'],
      ['x-forwarded-for', ', , ,'],
      ['x-forwarded-proto', 'https'],
      ['x-forwarded-proto', 'gopher'],
      ['x-forwarded-host', 'evil.example'],
      ['sec-fetch-site', 'cross-site'],
      ['sec-fetch-site', 'same-origin'],
      ['sec-fetch-mode', 'navigate'],
      ['referer', 'http://evil.example/x'],
      ['authorization', 'Bearer fuzz'],
      ['authorization', 'Basic Og=='],
      ['content-encoding', 'gzip'],
      ['content-encoding', 'br, deflate'],
      ['transfer-encoding', 'identity'],
      ['expect', '100-continue'],
      ['range', 'bytes=0-0'],
      ['range', 'bytes=999999999-'],
      ['range', 'bytes=-0'],
      ['range', 'bytes=0-1,2-3,4-5,0-1'],
      ['range', 'pages=1-2'],
      ['if-none-match', '*'],
      ['if-none-match', '"x", W/"y"'],
      ['if-modified-since', 'not a date'],
      ['if-modified-since', 'Sat, 01 Jan 2100 00:00:00 GMT'],
      ['if-range', 'junk'],
      ['accept-language', 'x'.repeat(4000)],
      ['user-agent', ''],
      ['connection', 'upgrade'],
      ['upgrade', 'websocket'],
      ['x-http-method-override', 'DELETE'],
      ['x-requested-with', 'XMLHttpRequest'],
      ['content-length', '0'],
      ['content-length', '-1'],
      ['content-length', 'abc'],
      ['content-length', '99999999999999999999'],
    ),
    fc.tuple(fc.constantFrom('x-fuzz', 'accept', 'origin', 'user-agent', 'x-time-zone', 'idempotency-key', 'cookie2', 'forwarded'), randomHeaderValue()).map(([n, v]) => [n, v] as [string, string]),
  );
  return fc
    .tuple(
      one('origin', fc.constantFrom(...ORIGINS), 6),
      one('idempotency-key', fc.oneof(fc.constantFrom(...IDEMPOTENCY_KEYS), fc.uuid()), 5),
      one('x-time-zone', fc.constantFrom(...TIME_ZONES), 5),
      one('host', fc.constantFrom(...HOSTS), 15),
      one('accept', fc.constantFrom(...ACCEPTS), 5),
      one('accept-encoding', fc.constantFrom(...ENCODINGS), 8),
      signatureHeaders,
      rarely(fc.array(misc, { minLength: 1, maxLength: 3 }), 6, [] as [string, string][]),
      rarely(flood, 25, [] as [string, string][]),
    )
    .map((groups) => groups.flat());
}

/** The Cookie header: the identity's session (most of the time), none, or a broken one. */
const cookieArb: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 20, arbitrary: fc.constant(ph('cookie')) },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'bc_session=',
      'bc_session=' + 'A'.repeat(43),
      'bc_session=' + 'A'.repeat(42),
      'bc_session=not a token',
      'bc_session=%E0%A4%A',
      'bc_session=%00',
      'bc_session="quoted"',
      `bc_session=junk; ${ph('cookie')}`,
      `${ph('cookie')}; bc_session=junk`,
      `__Host-bc_session=junk; ${ph('cookie')}`,
      `__Host-bc_session=${ph('token')}`,
      `bc_session=${ph('token')}; bc_session=${ph('token')}`,
      'bc_session',
      '=; ;;; =x',
      'bc_device=junk',
      'bc_device=' + 'A'.repeat(43) + `; ${ph('cookie')}`,
      `${ph('cookie')}; ${'x'.repeat(8_000)}=1`,
      'bc_session=ü',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 60 })).map(([n, size]) => Array.from({ length: n }, (_, i) => `c${i}=${'v'.repeat(size)}`).join('; ') + `; ${ph('cookie')}`) },
);

// ---------------------------------------------------------------------------------------------
// paths and queries

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is written as the three
 * bytes WTF-8 gives it, percent-encoded: bytes that are not UTF-8, as a hostile client sends them.
 */
export function encodeLoose(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (piece) => {
    if (piece.length !== 1 || piece.charCodeAt(0) < 0xd800 || piece.charCodeAt(0) > 0xdfff) return encodeURIComponent(piece);
    const code = piece.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

/** What a path parameter's valid value is, by route and name: the account's own ids where it has them. */
function knownParamValues(target: FuzzTarget, name: string): string[] {
  const p = target.path;
  if (p.startsWith('/api/messages/')) return [ph('messageId')];
  if (p.startsWith('/api/blocked-senders/')) return [ph('blockedSenderId')];
  if (p.startsWith('/api/notifications/')) return [ph('notificationId')];
  if (p.startsWith('/api/test-checkout/')) return [ph('checkoutId')];
  if (p.startsWith('/api/device-scans/')) return [ph('deviceScanId')];
  if (p.startsWith('/api/family/members/')) return [ph('userId')];
  if (p.startsWith('/api/plugins/')) return [...PLUGIN_IDS];
  if (p.startsWith('/api/knowledge-base/')) return [ph('articleId')];
  if (p.startsWith('/api/help-pages/')) return [...HELP_PAGE_IDS];
  if (name === 'userId') return [ph('userId')];
  return [];
}

const PATH_PARAM_TRICKS = [
  '%2F',
  'a%2Fb',
  '..',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '.',
  '%00',
  'x%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '%F0%9F%98%80',
  '%20',
  '+',
  ';x=1',
  ',',
  '@',
  'null',
  'undefined',
  '0',
  '-1',
  '1e9',
  '__proto__',
  'constructor',
  'SMS',
  "1'%20OR%20'1'='1",
  '%5Cx',
  'a'.repeat(65),
  'a'.repeat(1_000),
  'a'.repeat(1_001),
  'a'.repeat(5_000),
];

function paramArb(target: FuzzTarget, name: string): fc.Arbitrary<string> {
  const known = knownParamValues(target, name);
  const schema = target.paramSchemas?.[name];
  return fc.oneof(
    { weight: known.length > 0 ? 8 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('x') },
    { weight: 2, arbitrary: schema ? validish(schema, name).map((v) => encodeLoose(String(v))) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: fc.constantFrom(...PATH_PARAM_TRICKS) },
    { weight: 2, arbitrary: nastyString.map((s) => encodeLoose(s.slice(0, 3_000))) },
  );
}

/** Tricks on a whole path: slashes, case, dot segments, encoded letters, NULs, matrix parameters. */
const pathTrick = fc.constantFrom<(path: string) => string>(
  (p) => `${p}/`,
  (p) => `/${p}`,
  (p) => p.replace('/api/', '/api//'),
  (p) => p.toUpperCase(),
  (p) => p.replace(/\/(?=[^/]*$)/, '/./'),
  (p) => p.replace('/api/', '/api/x/../'),
  (p) => p.replace('/api/', '/%61pi/'),
  (p) => p.replace(/\/(?=[^/]*$)/, '%2F'),
  (p) => `${p}%00`,
  (p) => `${p};jsessionid=1`,
  (p) => `${p}#fragment`,
  (p) => `${p}/..`,
  (p) => p.replaceAll('/', '\\'),
  (p) => `${p}/extra/segments`,
  (p) => `${p}.json`,
  (p) => `${p}%20`,
  (p) => `${p}?`,
);

function pathArb(target: FuzzTarget): fc.Arbitrary<string> {
  if (target.kind === 'unmatched') return unmatchedPathArb;
  if (target.kind === 'static') return staticPathArb;
  const filled: fc.Arbitrary<string> =
    target.params.length === 0
      ? fc.constant(target.path)
      : fc.tuple(...target.params.map((name) => paramArb(target, name))).map((values) => {
          let i = 0;
          return target.path.replace(/:[A-Za-z]+/g, () => values[i++]!);
        });
  return fc.tuple(filled, rarely(pathTrick, 6, undefined)).map(([p, trick]) => (trick ? trick(p) : p));
}

const unmatchedPathArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '/api',
    '/api/',
    '/api/nothing',
    '/api/messages/x/y/z',
    '/API/health',
    '/api/health/',
    '/.env',
    '/.git/config',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc/passwd',
    '/index.html',
    '/wp-login.php',
    '/api/%00',
    '/%',
    '/%zz',
    '/%E0%A4%A',
    '/api/scan/text%2Fx',
    '/share/x',
    '/assets/../../../etc/passwd',
    `/${'a'.repeat(9_000)}`,
    `/api/${'a/'.repeat(2_000)}`,
    '/\u00e9',
    '/%F0%9F%98%80',
  ),
  fc.array(fc.oneof(fc.constantFrom('api', 'scan', 'messages', '..', '.', '', '%2F', '%00'), fc.string({ maxLength: 12 }).map(encodeURIComponent)), { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join('/')}`),
  fc.array(fc.string({ maxLength: 12 }).map(encodeURIComponent), { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
);

const STATIC_FILES = ['/index.html', '/assets/index-fuzz.js', '/assets/index-fuzz.css', '/sw.js', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/', '/assets/', '/assets', '/assets/missing.js', '/missing.png', '/scan', '/settings?tab=plugins'];

const staticPathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STATIC_FILES) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom(...STATIC_FILES), fc.constantFrom<(p: string) => string>(
      (p) => `${p}%00`,
      (p) => `${p}.br`,
      (p) => `${p}.gz`,
      (p) => p.replace('/assets/', '/assets/%2e%2e/'),
      (p) => p.replace('/', '/..%2f..%2f'),
      (p) => p.replace('/', '/%2e%2e%2f%2e%2e%2f'),
      () => `/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json`,
      (p) => p.toUpperCase(),
      (p) => `${p}/`,
      (p) => `/${p}`,
      (p) => p.replace(/\.js$/, '.js%20'),
      (p) => p.replace(/\.(\w+)$/, '%2E$1'),
      (p) => `${p}${'a'.repeat(300)}`,
      (p) => `/${'x'.repeat(256)}${p}`,
      (p) => `${p}\u00e9`,
    )).map(([p, trick]) => trick(p)),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `/${encodeLoose(s)}`) },
);

function renderQueryValue(key: string, value: unknown, style: number): string[] {
  const k = encodeLoose(key);
  if (Array.isArray(value)) return value.length === 0 ? [`${k}[]=`] : value.flatMap((v) => renderQueryValue(style === 1 ? `${key}[]` : key, v, 0));
  if (value && typeof value === 'object') {
    if (style === 2) return [`${k}=${encodeLoose(safeStringify(value))}`];
    return Object.entries(value).flatMap(([sub, v]) => renderQueryValue(`${key}[${sub}]`, v, 0));
  }
  return [`${k}=${encodeLoose(String(value))}`];
}

function queryArb(target: FuzzTarget): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.constantFrom(
      'a=1&a=2&a=3',
      'a[]=1&a[b]=2',
      '=x',
      'x',
      '&&&',
      '%',
      '%zz=%zz',
      '%E0%A4%A=1',
      'a=%00',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'limit=1&limit=999999',
      'limit=-1',
      'limit=1e3',
      'limit=%20',
      'limit=0x10',
      'before=' + 'x'.repeat(101),
      'since=not-a-date',
      'tz=Mars%2FOlympus',
      'q=' + 'a'.repeat(201),
      'category=general',
      'state=' + 'A'.repeat(501),
      'a=' + 'x'.repeat(60_000),
      Array.from({ length: 2_000 }, (_, i) => `k${i}=v`).join('&'),
      'a=1;b=2',
      'a=+b+',
    ),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(nastyString.map((s) => s.slice(0, 2_000)), fc.jsonValue({ maxDepth: 2 })), { maxKeys: 4 }).map((d) =>
      Object.entries(d)
        .flatMap(([k, v]) => renderQueryValue(k, v, 0))
        .join('&'),
    ),
  );
  const schema = target.query;
  if (!schema?.properties) return fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: junk });
  const props = schema.properties;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(props)) model[name] = mutatedValue(prop, name, 0);
  const fromSchema = fc.tuple(fc.record(model, { requiredKeys: [] }), fc.integer({ min: 0, max: 2 })).map(([values, style]) =>
    Object.entries(values)
      .flatMap(([k, v]) => renderQueryValue(k, v, style))
      .join('&'),
  );
  return fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 6, arbitrary: fromSchema }, { weight: 2, arbitrary: junk });
}

// ---------------------------------------------------------------------------------------------
// raw requests (socket only)

const RAW_METHODS = ['GET', 'POST', 'get', 'FOO', 'PROPFIND', 'TRACE', 'CONNECT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'G ET', ''];
const RAW_VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'http/1.1', 'HTTP/1', 'HTTP/1.1 x', ''];

/** A request written byte for byte: broken request lines, raw bytes in the path, broken header lines, broken framing, floods, pipelining. */
function rawArb(target: FuzzTarget, path: fc.Arbitrary<string>): fc.Arbitrary<RawSpec> {
  const body = encodedBody(bodyValue(target.body)).map((b) => b.text.slice(0, 20_000));
  const line = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...RAW_METHODS), path, fc.constantFrom(...RAW_VERSIONS)).map(([m, p, v]) => ({ text: `${m} ${p} ${v}`, splices: [] as { at: number; hex: string }[] })) },
    // raw bytes in the path: invalid UTF-8, controls, spaces
    {
      weight: 3,
      arbitrary: fc.tuple(path, fc.constantFrom(...INVALID_UTF8, '00', '09', '20', '7f', 'c3a9', 'f09f9880', '0d', '0a'), fc.double({ min: 0, max: 1, noNaN: true })).map(([p, hex, f]) => {
        const at = 4 + Math.floor(p.length * f);
        return { text: `GET ${p} HTTP/1.1`, splices: [{ at, hex }] };
      }),
    },
    // dot segments, backslashes and forms Node passes through unchanged
    {
      weight: 2,
      arbitrary: fc.tuple(path, fc.constantFrom<(p: string) => string>(
        (p) => p.replace('/api/', '/api/../api/'),
        (p) => p.replace('/api/', '/./api/./').replace('/./api/./', '/api/./'),
        (p) => `/x/../..${p}`,
        (p) => `/../../../..${p}`,
        (p) => p.replaceAll('/', '\\'),
        (p) => `http://localhost${p}`,
        (p) => `//evil.example${p}`,
        () => '*',
        () => '',
        (p) => `${p}#x`,
        (p) => `${p}${'/a'.repeat(10_000)}`,
        (p) => `${p}?${'q'.repeat(70_000)}`,
      )).map(([p, trick]) => ({ text: `GET ${trick(p)} HTTP/1.1`, splices: [] as { at: number; hex: string }[] })),
    },
  );
  const headerLines = fc.array(
    fc.constantFrom(
      'NoColonHere',
      ' Leading-Space: x',
      'Bad Name: x',
      'X-Fold: a\r\n continued',
      'X-Empty:',
      ': no-name',
      'X-Nul: a\u0000b',
      'Content-Length: 5\r\nContent-Length: 6',
      'Content-Length: 3\r\nTransfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Transfer-Encoding: chunked\r\nTransfer-Encoding: identity',
      'Content-Length: +3',
      'Content-Length: 0x10',
      'Expect: 100-continue',
      'Expect: 999-nonsense',
      'Host: second.example',
      'Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAAQAAP__',
      `Cookie: ${'x'.repeat(17_000)}`,
      `X-Big: ${'y'.repeat(20_000)}`,
      Array.from({ length: 2_500 }, (_, i) => `X-F${i}: 1`).join('\r\n'),
    ),
    { maxLength: 3 },
  );
  const framing = fc.constantFrom('normal', 'short-then-close', 'chunked', 'bad-chunks', 'pipelined', 'bare-lf', 'no-host', 'no-connection-close');
  return fc.tuple(line, headerLines, body, framing).map(([first, extra, text, frame]) => {
    const host = frame === 'no-host' ? [] : ['Host: @@host@@'];
    const conn = frame === 'no-connection-close' || frame === 'pipelined' ? [] : ['Connection: close'];
    const cookie = ['Cookie: @@cookie@@'];
    let payload = '';
    let framingHeaders: string[] = [];
    if (frame === 'chunked') {
      framingHeaders = ['Transfer-Encoding: chunked'];
      payload = `${Buffer.byteLength(text).toString(16)};ext=1\r\n${text}\r\n0\r\n\r\n`;
    } else if (frame === 'bad-chunks') {
      framingHeaders = ['Transfer-Encoding: chunked'];
      payload = `zz\r\n${text}\r\n-1\r\n\r\n`;
    } else if (frame === 'short-then-close') {
      framingHeaders = [`Content-Length: ${Buffer.byteLength(text) + 100}`];
      payload = text;
    } else if (text.length > 0 && !extra.some((h) => /content-length|transfer-encoding/i.test(h))) {
      framingHeaders = ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(text)}`];
      payload = text;
    }
    const eol = frame === 'bare-lf' ? '\n' : '\r\n';
    const head = [first.text, ...host, ...cookie, ...conn, ...framingHeaders, ...extra].join(eol) + eol + eol;
    const second = frame === 'pipelined' ? `GET /api/health HTTP/1.1\r\nHost: @@host@@\r\nConnection: close\r\n\r\n` : '';
    return {
      text: head + payload + second,
      ...(first.splices.length > 0 ? { splices: first.splices } : {}),
      ...(frame === 'short-then-close' || frame === 'bad-chunks' ? { mayGoUnanswered: true } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// the request

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Which app a route's requests go to, mostly: the webhooks and payments to the one with the services set up. */
function appArb(target: FuzzTarget): fc.Arbitrary<AppName> {
  const configuredFirst = target.kind !== 'api' || /subscription|checkout|plugins|family|contact-support|notifications/.test(target.path);
  return fc.oneof({ weight: configuredFirst ? 1 : 3, arbitrary: fc.constant('plain' as const) }, { weight: configuredFirst ? 3 : 1, arbitrary: fc.constant('configured' as const) });
}

/** The body's preferred content type: a form for Twilio, JSON for the rest. */
function preferredType(target: FuzzTarget): string {
  return target.kind === 'twilio-webhook' ? 'application/x-www-form-urlencoded' : target.kind === 'share' ? 'multipart/form-data; boundary=fuzzboundary' : JSON_TYPE;
}

/**
 * Malformed requests for `target`, as a guest, a newcomer or a signed-in account, mostly through
 * `inject`, some over a real socket, a few written byte for byte.
 */
export function requestArb(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const path = pathArb(target);
  const sendsBody = !['GET', 'HEAD', 'DELETE'].includes(target.method) || target.body !== undefined;
  // the webhooks' envelopes are valid more often, so that their signed bodies reach the handlers
  const value =
    target.kind === 'twilio-webhook'
      ? mutatedObject(target.body!)
      : target.kind === 'stripe-webhook' || target.kind === 'slack-events'
        ? fc.oneof({ weight: 3, arbitrary: validAroundMutated(target.body!) }, { weight: 2, arbitrary: bodyValue(target.body) })
        : bodyValue(target.body);
  const body: fc.Arbitrary<BodySpec | undefined> =
    target.kind === 'twilio-webhook'
      ? fc.oneof({ weight: 6, arbitrary: value.map((v) => ({ text: toForm(v) })) }, { weight: 2, arbitrary: encodedBody(value) }, { weight: 1, arbitrary: fc.constant(undefined) })
      : sendsBody
        ? fc.oneof({ weight: 10, arbitrary: encodedBody(value) }, { weight: 1, arbitrary: fc.constant(undefined) })
        : rarely(encodedBody(value), 8, undefined);
  const method = fc.oneof({ weight: 17, arbitrary: fc.constant(target.method) }, { weight: 3, arbitrary: fc.constantFrom(...METHODS) });
  const identity = fc.oneof({ weight: 9, arbitrary: fc.constant('account' as const) }, { weight: 6, arbitrary: fc.constant('guest' as const) }, { weight: 5, arbitrary: fc.constant('newcomer' as const) });
  const signs = target.kind === 'stripe-webhook' || target.kind === 'slack-events' || target.kind === 'twilio-webhook';
  const structured = fc
    .record({
      app: appArb(target),
      as: identity,
      transport: fc.oneof({ weight: 19, arbitrary: fc.constant('inject' as const) }, { weight: 1, arbitrary: fc.constant('socket' as const) }),
      method,
      path,
      query: queryArb(target),
      contentType: contentTypeHeaders(preferredType(target)),
      headers: headersArb(target),
      cookie: cookieArb,
      body,
      sign: signs ? fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.constant(false),
      copies: rarely(fc.integer({ min: 2, max: 4 }), 25, 1),
    })
    .map(({ contentType, headers, body: b, sign, copies, ...r }): FuzzRequest => ({
      ...r,
      headers: [...(b ? contentType : []), ...headers],
      ...(b ? { body: b } : {}),
      ...(signs ? { sign } : {}),
      ...(copies > 1 ? { copies } : {}),
    }));
  const raw = fc.record({ app: appArb(target), as: identity, raw: rawArb(target, path) }).map(
    ({ app, as, raw: spec }) => ({ app, as, transport: 'socket', method: target.method, path: target.path, query: '', headers: [], cookie: ph('cookie'), raw: spec }) as FuzzRequest,
  );
  return fc.oneof({ weight: 24, arbitrary: structured }, { weight: 1, arbitrary: raw });
}

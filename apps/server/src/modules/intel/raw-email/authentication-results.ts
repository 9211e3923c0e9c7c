/**
 * Reads an `Authentication-Results` header (RFC 8601): what the receiving mail provider found
 * when it checked SPF, DKIM and DMARC. mailauth has a parser for it, but only inside its `lib/`
 * (not exported), and that one writes dotted property names into plain objects, so a crafted
 * `header.__proto__.x=1` pollutes `Object.prototype`; a pasted email is hostile input, hence this
 * small tokenizer, bounded and linear, which keeps nothing but the few properties we use.
 */

/** The checks read from the header. */
export type AuthMethod = 'spf' | 'dkim' | 'dmarc';

/** Result words of RFC 8601 (section 2.7) for SPF, DKIM and DMARC. */
export type AuthResultWord = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy';

/** One check's result in an Authentication-Results header. */
export interface AuthMethodResult {
  method: AuthMethod;
  result: AuthResultWord;
  /**
   * The domain the result is about: DKIM `header.d` (else the domain of `header.i`), SPF the domain
   * of `smtp.mailfrom` (else `smtp.helo`), DMARC `header.from`. Lower-case.
   */
  domain?: string;
  /** DMARC: the policy the domain publishes, from the comment (`p=REJECT`) or `policy.published-domain-policy`. */
  policy?: 'none' | 'quarantine' | 'reject';
  /** The `reason=` or the comments, as written (for display). */
  comment?: string;
}

/** One Authentication-Results header. */
export interface AuthenticationResults {
  /** Who added the header: the receiving provider's name (`mx.google.com`). */
  authservId: string;
  /** The SPF, DKIM and DMARC results, in the header's order (other methods are left out). */
  results: AuthMethodResult[];
}

/**
 * Results read of each method from one header (a real one has one SPF, one DMARC and a DKIM result
 * per signature). Counted per method, so no number of DKIM results pushes a DMARC `fail` out.
 */
const MAX_RESULTS_PER_METHOD = 50;
/** Words kept of one `;`-separated part: a result is its method, its word and a few properties. */
const MAX_SEGMENT_WORDS = 64;
/**
 * Characters kept of one word: a domain is at most 253, an address 254. A longer word is cut,
 * and a cut value is never read: `header.d=bank.com.evil.top` cut after `bank.com` would vouch
 * for the wrong domain.
 */
const MAX_WORD_CHARS = 1024;
/** Comment text kept per result. */
const MAX_COMMENT_CHARS = 300;
/** Comments kept per part. */
const MAX_SEGMENT_COMMENTS = 8;

const METHODS: ReadonlySet<string> = new Set(['spf', 'dkim', 'dmarc']);

/** Result words as providers write them, to RFC 8601's. */
// A Map, not an object literal: `dkim=constructor` must not find Object.prototype's constructor
const RESULT_WORDS: ReadonlyMap<string, AuthResultWord> = new Map([
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['hardfail', 'fail'],
  ['softfail', 'softfail'],
  ['neutral', 'neutral'],
  ['none', 'none'],
  ['temperror', 'temperror'],
  ['temperr', 'temperror'],
  ['permerror', 'permerror'],
  ['permerr', 'permerror'],
  ['policy', 'policy'],
  // Microsoft's DMARC result for a domain without a record that would have passed
  ['bestguesspass', 'none'],
]);

const POLICIES: ReadonlySet<string> = new Set(['none', 'quarantine', 'reject']);

/** A `;`-separated part of the header: its words (`=` a word of its own; null for one too long to read) and its comments. */
interface Segment {
  words: (string | null)[];
  comments: string[];
}

/**
 * Splits a header value into segments at `;`, outside quoted strings and comments, handing each
 * to `visit` as it ends (none is kept: a header of thousands of parts takes no more memory than
 * one), until `visit` returns false. Words are runs of characters other than white space, `;`,
 * `=`, `(`, `)` and `"`; a quoted string joins the word it touches, unquoted. Comments nest (RFC
 * 5322) and are collected apart. Each part keeps its first {@link MAX_SEGMENT_WORDS} words and
 * {@link MAX_SEGMENT_COMMENTS} comments; a word over {@link MAX_WORD_CHARS} becomes null.
 */
function forEachSegment(value: string, visit: (segment: Segment) => boolean): void {
  let segment: Segment = { words: [], comments: [] };
  let word: string | null = null;
  let cut = false;
  let comment = '';
  let depth = 0;
  let quoted = false;
  const append = (c: string) => {
    if (word !== null && word.length >= MAX_WORD_CHARS) cut = true;
    else word = (word ?? '') + c;
  };
  const pushWord = (w: string | null) => {
    if (segment.words.length < MAX_SEGMENT_WORDS) segment.words.push(w);
  };
  const endWord = () => {
    if (word !== null) pushWord(cut ? null : word);
    word = null;
    cut = false;
  };
  // more than is shown, for the DMARC policy (`p=REJECT`) a provider writes after other words
  const addComment = (c: string) => {
    if (comment.length < MAX_WORD_CHARS) comment += c;
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (depth > 0) {
      if (c === '\\') {
        addComment(value[i + 1] ?? '');
        i++;
      } else if (c === '(') {
        depth++;
        addComment(c);
      } else if (c === ')') {
        depth--;
        if (depth === 0) {
          if (segment.comments.length < MAX_SEGMENT_COMMENTS) segment.comments.push(comment.trim());
          comment = '';
        } else addComment(c);
      } else addComment(c);
    } else if (quoted) {
      if (c === '\\') {
        append(value[i + 1] ?? '');
        i++;
      } else if (c === '"') quoted = false;
      else append(c);
    } else if (c === '"') {
      quoted = true;
      word ??= '';
    } else if (c === '(') {
      endWord();
      depth = 1;
    } else if (c === ';') {
      endWord();
      if (!visit(segment)) return;
      segment = { words: [], comments: [] };
    } else if (c === '=') {
      endWord();
      pushWord('=');
    } else if (/\s/.test(c)) {
      endWord();
    } else {
      append(c);
    }
  }
  endWord();
  visit(segment);
}

/** The domain of an address or a domain (`@x.com`, `<a@x.com>`, `x.com.`), lower-case, or undefined. */
function domainOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bare = value.trim().replace(/^<|>$/g, '');
  const domain = bare.slice(bare.lastIndexOf('@') + 1).toLowerCase().replace(/\.$/, '');
  return /^[^\s@<>()";,]+$/.test(domain) && domain.includes('.') && !domain.startsWith('.') ? domain : undefined;
}

/**
 * The `key=value` properties of a result (after `method=result`), lower-case keys, first one
 * kept. A property whose value was too long to read is left out, never read cut.
 */
function propertiesOf(words: readonly (string | null)[]): Map<string, string> {
  const props = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const key = words[i];
    const value = words[i + 2];
    if (key === null || key === undefined || key === '=' || words[i + 1] !== '=' || value === undefined || value === '=') continue;
    const k = key.toLowerCase();
    if (value !== null && !props.has(k)) props.set(k, value);
    i += 2;
  }
  return props;
}

function resultOf(segment: Segment): AuthMethodResult | null {
  const [first, eq, word] = segment.words;
  if (first === undefined || first === null || eq !== '=' || word === undefined || word === null) return null;
  // "dkim/1=pass": a method version
  const method = first.toLowerCase().replace(/\/.*$/, '');
  const result = RESULT_WORDS.get(word.toLowerCase());
  if (!METHODS.has(method) || result === undefined) return null;
  const props = propertiesOf(segment.words.slice(3));
  const out: AuthMethodResult = { method: method as AuthMethod, result };
  const domain =
    method === 'dkim'
      ? (domainOf(props.get('header.d')) ?? domainOf(props.get('header.i')))
      : method === 'spf'
        ? (domainOf(props.get('smtp.mailfrom')) ?? domainOf(props.get('smtp.helo')))
        : domainOf(props.get('header.from'));
  if (domain !== undefined) out.domain = domain;
  if (method === 'dmarc') {
    const fromComment = segment.comments.map((c) => /(?:^|[\s;])p=([a-z]+)/i.exec(c)?.[1]?.toLowerCase()).find((p) => p !== undefined && POLICIES.has(p));
    const published = props.get('policy.published-domain-policy')?.toLowerCase();
    const policy = fromComment ?? (published !== undefined && POLICIES.has(published) ? published : undefined);
    if (policy !== undefined) out.policy = policy as 'none' | 'quarantine' | 'reject';
  }
  const comment = props.get('reason') ?? segment.comments.filter((c) => c !== '').join('; ');
  if (comment !== '') out.comment = comment.slice(0, MAX_COMMENT_CHARS);
  return out;
}

/**
 * Parses one `Authentication-Results` header, given as its value or as the whole field (name,
 * colon, folded lines). Null when it has no authserv-id. Only SPF, DKIM and DMARC results with a
 * known result word are kept; `dkim` may appear several times (one per signature). The whole
 * header is read, in one pass and bounded memory: a header cut at some length would lose the
 * results after the cut (a DMARC `fail` behind many DKIM results) and could read a value cut
 * mid-domain, and must never make a forged email look better.
 */
export function parseAuthenticationResults(header: string): AuthenticationResults | null {
  const value = header.replace(/^\s*authentication-results\s*:/i, '');
  let authservId: string | null | undefined;
  const results: AuthMethodResult[] = [];
  const counts = new Map<AuthMethod, number>();
  forEachSegment(value, (segment) => {
    if (authservId === undefined) {
      authservId = segment.words[0] ?? null;
      return authservId !== null && authservId !== '=';
    }
    const r = resultOf(segment);
    if (r !== null && (counts.get(r.method) ?? 0) < MAX_RESULTS_PER_METHOD) {
      counts.set(r.method, (counts.get(r.method) ?? 0) + 1);
      results.push(r);
    }
    return true;
  });
  if (authservId === undefined || authservId === null || authservId === '=') return null;
  return { authservId: authservId.toLowerCase(), results };
}

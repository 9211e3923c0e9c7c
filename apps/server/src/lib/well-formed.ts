/**
 * Text as PostgreSQL can keep it. A JavaScript string may hold a lone UTF-16 surrogate (`\ud800`
 * sent as a JSON escape, or decoded from a UTF-16 email part); jsonb refuses it ("unsupported
 * Unicode escape sequence") and a text column keeps U+FFFD in its place, so a scan holding one was
 * a 500 after part of it was stored. Each lone surrogate becomes U+FFFD, as the text column would
 * have made it, before anything reads the text.
 */

declare global {
  interface String {
    /** ES2024, in Node since 20 (our lib setting is ES2023). */
    toWellFormed(): string;
    isWellFormed(): boolean;
  }
}

/**
 * Text from outside (a webhook's message, an email) as PostgreSQL keeps it: NULs removed (text
 * and jsonb refuse them) and lone surrogates made U+FFFD (a pair a slice cut, or sent so).
 */
export function storableText(text: string): string {
  return wellFormed(text.includes('\0') ? text.replaceAll('\0', '') : text);
}

/** `text` with every lone surrogate replaced by U+FFFD; the same string when it has none. */
export function wellFormed(text: string): string {
  return text.isWellFormed() ? text : text.toWellFormed();
}

/**
 * Makes every string of a parsed JSON value well-formed, in place (the value is the request's
 * own, just parsed), keys included, and returns it. Iterative: a body of 400,000 nested arrays
 * must not overflow the stack.
 */
export function makeWellFormed<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (typeof child === 'string') node[i] = wellFormed(child);
        else if (child !== null && typeof child === 'object') stack.push(child);
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      let target = key;
      if (!key.isWellFormed()) {
        target = key.toWellFormed();
        delete record[key];
      }
      if (typeof child === 'string') record[target] = wellFormed(child);
      else {
        if (target !== key) record[target] = child;
        if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return value;
}

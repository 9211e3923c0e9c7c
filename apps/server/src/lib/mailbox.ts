/** Providers that ignore dots in the local part: `a.b.c@gmail.com` is `abc@gmail.com`'s inbox. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as the per-mailbox limits count it (family invitation emails,
 * support confirmations): lower case, without a `+tag` in the local part (`kid+1@example.com` and
 * `Kid+2@example.com` are one inbox), and for Gmail without dots and on one domain
 * (`k.i.d@googlemail.com` is `kid@gmail.com`), so none of these makes a fresh count.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless !== undefined) {
    domain = dotless;
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

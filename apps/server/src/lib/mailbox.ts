/**
 * The mailbox an address reaches, as the per-mailbox limits count it (family invitation emails,
 * support requests): lower case, and without a `+tag` in the local part (`kid+1@example.com` and
 * `Kid+2@example.com` are one inbox), so a tag or a capital letter does not make a fresh count.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}@${email.slice(at + 1).toLowerCase()}`;
}

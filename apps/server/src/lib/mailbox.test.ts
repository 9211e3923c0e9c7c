import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('mailboxOf', () => {
  it('counts an address by its inbox: lower case, without a +tag', () => {
    expect(mailboxOf('Kid+1@Example.COM')).toBe('kid@example.com');
    expect(mailboxOf('kid+2@example.com')).toBe('kid@example.com');
    expect(mailboxOf('kid@example.com')).toBe('kid@example.com');
  });

  it('keeps a local part that only starts with a plus, and splits at the last @', () => {
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com');
    expect(mailboxOf('"a@b"+x@example.com')).toBe('"a@b"@example.com');
  });

  it('counts a Gmail inbox without its dots and on one domain, and keeps dots elsewhere', () => {
    expect(mailboxOf('Target.Person+x@gmail.com')).toBe('targetperson@gmail.com');
    expect(mailboxOf('t.a.r.g.e.t.person@googlemail.com')).toBe('targetperson@gmail.com');
    expect(mailboxOf('target.person@example.com')).toBe('target.person@example.com');
  });
});

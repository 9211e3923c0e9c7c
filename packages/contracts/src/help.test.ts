import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContactSupportRequestSchema, readSupportSubject } from './help';
import { EMAIL_ADDRESS_PATTERN, VALIDATION_MESSAGES } from './lite';

const valid = { name: 'Ann Lee', email: 'ann@example.com', subject: 'TECHNICAL: Scan button does nothing', message: 'Nothing happens when I press Scan.' };
const issuesOf = (body: unknown) => ContactSupportRequestSchema.safeParse(body).error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) ?? [];

describe('the support request contract', () => {
  it('reads the issue type of a subject prefix in any case, and other without one', () => {
    expect(readSupportSubject('TECHNICAL: Scan button does nothing')).toEqual({ issueType: 'technical', typed: 'Scan button does nothing' });
    expect(readSupportSubject('security :  Card stolen')).toEqual({ issueType: 'security', typed: 'Card stolen' });
    expect(readSupportSubject('Billing:x')).toEqual({ issueType: 'billing', typed: 'x' });
    expect(readSupportSubject('Question about TECHNICAL: things')).toEqual({ issueType: 'other', typed: 'Question about TECHNICAL: things' });
    expect(readSupportSubject('TECHNICALITY: x')).toEqual({ issueType: 'other', typed: 'TECHNICALITY: x' });
  });

  it('bounds the subject typed after the prefix, not the prefix', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(issuesOf({ ...valid, subject: 'TECHNICAL:   ' })).toEqual([{ field: 'subject', message: VALIDATION_MESSAGES.supportSubjectRequired }]);
    expect(issuesOf({ ...valid, subject: `SECURITY: ${'s'.repeat(150)}` })).toEqual([]);
    expect(issuesOf({ ...valid, subject: `BILLING: ${'s'.repeat(151)}` })).toEqual([{ field: 'subject', message: VALIDATION_MESSAGES.supportSubjectTooLong }]);
  });

  it('refuses line breaks and other control characters in the name and subject', () => {
    for (const field of ['name', 'subject'] as const) {
      for (const bad of ['\r\nBcc: x@example.com', '\nX: y', '\u2028x', '\tx']) {
        expect(issuesOf({ ...valid, [field]: `${valid[field]}${bad}` }).map((i) => i.field)).toContain(field);
      }
    }
    expect(issuesOf({ ...valid, email: 'ann@example.com\r\nBcc: x@example.com' })).toEqual([{ field: 'email', message: VALIDATION_MESSAGES.supportEmailInvalid }]);
  });

  it('refuses invisible characters that hide or reverse text in the name and subject, and keeps joiners some scripts need', () => {
    for (const field of ['name', 'subject'] as const) {
      for (const bad of ['\u202Eevil', 'a\u200Bb', '\uFEFFx', '\u2066x\u2069']) {
        expect(issuesOf({ ...valid, [field]: `${valid[field]} ${bad}` }).map((i) => i.field)).toContain(field);
      }
    }
    expect(issuesOf({ ...valid, name: 'می\u200Cخواهم 👩\u200D💻' })).toEqual([]);
  });

  it('shares the email pattern the contract uses, so forms check what the server will', () => {
    expect(EMAIL_ADDRESS_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_ADDRESS_PATTERN.test('ann+help@example.co.uk')).toBe(true);
    for (const bad of ['ann', 'ann@example', 'ann@@example.com', 'a b@example.com', 'ann@example.com, bob@example.com']) expect(EMAIL_ADDRESS_PATTERN.test(bad), bad).toBe(false);
  });
});

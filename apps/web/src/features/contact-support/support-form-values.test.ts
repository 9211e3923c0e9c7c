import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@baitcheck/contracts/lite';
import { SUPPORT_FORM_DEFAULTS, isSupportFormValues, toSupportRequest, validateSupportField, validateSupportForm, type SupportFormValues } from './support-form-values';

const GOOD: SupportFormValues = { name: 'Ann Lee', email: 'ann@example.com', issueType: 'billing', subject: 'Refund', message: 'Please refund my last payment.' };

describe('the support form rules (spec section 5)', () => {
  it('starts empty with the technical issue type', () => {
    expect(SUPPORT_FORM_DEFAULTS).toEqual({ name: '', email: '', issueType: 'technical', subject: '', message: '' });
    expect(validateSupportForm(GOOD)).toEqual({});
  });

  it('says each problem in the spec\'s words', () => {
    expect(validateSupportForm(SUPPORT_FORM_DEFAULTS)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
    expect(validateSupportField('name', { ...GOOD, name: '   ' })).toBe(VALIDATION_MESSAGES.supportNameRequired);
    expect(validateSupportField('name', { ...GOOD, name: 'n'.repeat(101) })).toBe(VALIDATION_MESSAGES.supportNameTooLong);
    expect(validateSupportField('email', { ...GOOD, email: 'ann@example' })).toBe(VALIDATION_MESSAGES.supportEmailInvalid);
    expect(validateSupportField('email', { ...GOOD, email: ' ann+x@example.co.uk ' })).toBeNull();
    expect(validateSupportField('subject', { ...GOOD, subject: 's'.repeat(150) })).toBeNull();
    expect(validateSupportField('subject', { ...GOOD, subject: 's'.repeat(151) })).toBe(VALIDATION_MESSAGES.supportSubjectTooLong);
    expect(validateSupportField('issueType', { ...GOOD, issueType: 'urgent' as never })).toBe('Please select an issue type');
  });

  it('counts the message as the server stores it (trimmed): 10 to 1000 characters', () => {
    expect(validateSupportField('message', { ...GOOD, message: '   123456789   ' })).toBe('Message must be at least 10 characters');
    expect(validateSupportField('message', { ...GOOD, message: '1234567890' })).toBeNull();
    expect(validateSupportField('message', { ...GOOD, message: `${'m'.repeat(1000)}  ` })).toBeNull();
    expect(validateSupportField('message', { ...GOOD, message: 'm'.repeat(1001) })).toBe('Message must be less than 1000 characters');
  });

  it('sends the spec\'s payload: the subject prefixed with the issue type in upper case', () => {
    expect(toSupportRequest({ ...GOOD, name: ' Ann Lee ', subject: '  Refund  ', issueType: 'security' })).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      subject: 'SECURITY: Refund',
      message: 'Please refund my last payment.',
    });
  });

  it('refuses a kept draft with an issue type the list does not have', () => {
    expect(isSupportFormValues(GOOD)).toBe(true);
    expect(isSupportFormValues({ ...GOOD, issueType: 'urgent' as never })).toBe(false);
  });
});

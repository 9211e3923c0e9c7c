import {
  EMAIL_ADDRESS_PATTERN,
  MAX_EMAIL_LENGTH,
  SUPPORT_ISSUE_TYPES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  VALIDATION_MESSAGES,
  type SupportIssueType,
} from '@baitcheck/contracts/lite';

/** What the support form holds (spec section 5). */
export interface SupportFormValues {
  name: string;
  email: string;
  issueType: SupportIssueType;
  subject: string;
  message: string;
}

/** A field of the form, in the order it shows them (the first with a problem takes the focus). */
export type SupportField = keyof SupportFormValues;
export const SUPPORT_FIELDS: readonly SupportField[] = ['name', 'email', 'issueType', 'subject', 'message'];

/** An empty form; the issue type starts as technical (spec section 5). */
export const SUPPORT_FORM_DEFAULTS: SupportFormValues = { name: '', email: '', issueType: 'technical', subject: '', message: '' };

const isIssueType = (value: string): value is SupportIssueType => (SUPPORT_ISSUE_TYPES as readonly string[]).includes(value);

/** Whether a kept draft can be shown: its issue type is one of the list's. */
export const isSupportFormValues = (values: SupportFormValues) => isIssueType(values.issueType);

/**
 * The field's problem, in the spec's words, or null. The same bounds as the contract the server
 * checks with: text is counted trimmed, as the server stores it.
 */
export function validateSupportField(field: SupportField, values: SupportFormValues): string | null {
  switch (field) {
    case 'name': {
      const name = values.name.trim();
      if (name === '') return VALIDATION_MESSAGES.supportNameRequired;
      return name.length > SUPPORT_NAME_MAX_LENGTH ? VALIDATION_MESSAGES.supportNameTooLong : null;
    }
    case 'email': {
      const email = values.email.trim();
      return email.length > MAX_EMAIL_LENGTH || !EMAIL_ADDRESS_PATTERN.test(email) ? VALIDATION_MESSAGES.supportEmailInvalid : null;
    }
    case 'issueType':
      return isIssueType(values.issueType) ? null : VALIDATION_MESSAGES.supportIssueTypeRequired;
    case 'subject': {
      const subject = values.subject.trim();
      if (subject === '') return VALIDATION_MESSAGES.supportSubjectRequired;
      return subject.length > SUPPORT_SUBJECT_MAX_LENGTH ? VALIDATION_MESSAGES.supportSubjectTooLong : null;
    }
    case 'message': {
      const length = values.message.trim().length;
      if (length < SUPPORT_MESSAGE_MIN_LENGTH) return VALIDATION_MESSAGES.supportMessageTooShort;
      return length > SUPPORT_MESSAGE_MAX_LENGTH ? VALIDATION_MESSAGES.supportMessageTooLong : null;
    }
  }
}

/** Every field's problem (only those with one). */
export function validateSupportForm(values: SupportFormValues): Partial<Record<SupportField, string>> {
  const errors: Partial<Record<SupportField, string>> = {};
  for (const field of SUPPORT_FIELDS) {
    const error = validateSupportField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The request the spec describes: the subject is the issue type in upper case, a colon, then the subject typed. */
export function toSupportRequest(values: SupportFormValues) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: `${values.issueType.toUpperCase()}: ${values.subject.trim()}`,
    message: values.message.trim(),
  };
}

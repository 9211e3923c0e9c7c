import { z } from 'zod';
import {
  HELP_PAGE_IDS,
  KNOWLEDGE_BASE_CATEGORIES,
  MAX_EMAIL_LENGTH,
  MAX_KNOWLEDGE_BASE_QUERY_LENGTH,
  SUPPORT_ISSUE_TYPES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  VALIDATION_MESSAGES,
  type SupportIssueType,
} from './lite';
import { PlanIdSchema } from './billing';

/**
 * Help and support (issue 17): the Contact Support form, the Knowledge Base (articles, search,
 * one helpful-or-not vote per person and article) and the help pages kept as content (Privacy
 * Policy, Terms of Service, FAQ). Live Chat is simulated in the browser and has no endpoint.
 */

/** No line breaks or other control characters: these fields end up in email headers. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/**
 * Characters that change how the text around them is shown without being seen: direction
 * overrides (a name that reads backwards in the support inbox), zero-width spaces, a stray BOM.
 * (Zero-width joiners stay: some scripts and emoji need them.)
 */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/** One line of text a person typed: trimmed, inner runs of spaces kept as typed, no control or invisible characters. */
const oneLine = (required: string, tooLong: string, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .regex(ONE_LINE, 'Use one line, without line breaks.')
    .refine((value) => !INVISIBLE.test(value), 'Remove the invisible formatting characters (copied from elsewhere, they can hide or reverse text).');

/** A support issue type (spec section 5). */
export const SupportIssueTypeSchema = z.enum(SUPPORT_ISSUE_TYPES, VALIDATION_MESSAGES.supportIssueTypeRequired);

const SUBJECT_PREFIX = new RegExp(`^(${SUPPORT_ISSUE_TYPES.join('|')})\\s*:\\s*`, 'i');

/**
 * What a support subject says: the issue type of its prefix ('TECHNICAL: Scan button does
 * nothing', any case) and the subject the person typed after it; without a known prefix, 'other'
 * and the whole subject.
 */
export function readSupportSubject(subject: string): { issueType: SupportIssueType; typed: string } {
  const match = SUBJECT_PREFIX.exec(subject);
  if (!match) return { issueType: 'other', typed: subject };
  return { issueType: match[1]!.toLowerCase() as SupportIssueType, typed: subject.slice(match[0].length).trim() };
}

/**
 * `POST /api/contact-support`: the spec's payload. `subject` is the issue type in upper case, a
 * colon and the subject the person typed ('TECHNICAL: Scan button does nothing'); the server reads
 * the issue type from that prefix ('other' when there is none).
 */
export const ContactSupportRequestSchema = z
  .object({
    name: oneLine(VALIDATION_MESSAGES.supportNameRequired, VALIDATION_MESSAGES.supportNameTooLong, SUPPORT_NAME_MAX_LENGTH),
    email: z
      .string(VALIDATION_MESSAGES.supportEmailInvalid)
      .trim()
      .max(MAX_EMAIL_LENGTH, VALIDATION_MESSAGES.supportEmailInvalid)
      .pipe(z.email(VALIDATION_MESSAGES.supportEmailInvalid)),
    // the prefix ('SECURITY: ') is counted on top of the subject the person typed
    subject: oneLine(VALIDATION_MESSAGES.supportSubjectRequired, VALIDATION_MESSAGES.supportSubjectTooLong, SUPPORT_SUBJECT_MAX_LENGTH + 'SECURITY: '.length),
    message: z
      .string(VALIDATION_MESSAGES.supportMessageTooShort)
      .trim()
      .min(SUPPORT_MESSAGE_MIN_LENGTH, VALIDATION_MESSAGES.supportMessageTooShort)
      .max(SUPPORT_MESSAGE_MAX_LENGTH, VALIDATION_MESSAGES.supportMessageTooLong),
  })
  .strict()
  // the subject typed after the prefix has the form's bounds: 'TECHNICAL: ' alone is no subject
  .superRefine((value, ctx) => {
    const { typed } = readSupportSubject(value.subject);
    if (typed === '') ctx.addIssue({ code: 'custom', path: ['subject'], message: VALIDATION_MESSAGES.supportSubjectRequired });
    else if (typed.length > SUPPORT_SUBJECT_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: ['subject'], message: VALIDATION_MESSAGES.supportSubjectTooLong });
  });
/** A support request as sent. */
export type ContactSupportRequest = z.infer<typeof ContactSupportRequestSchema>;

/**
 * The answer to a support request: it is stored in every case; `emailSent` is true only when the
 * SMTP server accepted both emails (to the support inbox and the confirmation to the person).
 */
export const ContactSupportResponseSchema = z.object({
  emailSent: z.boolean(),
  /** The SMTP server accepted the email to the support inbox. */
  supportNotified: z.boolean(),
  /**
   * The SMTP server accepted the confirmation to the person; false also when it was not sent
   * because that address was already sent `SUPPORT_REQUESTS_PER_HOUR` in the last hour.
   */
  confirmationSent: z.boolean(),
  /** The request's reference, as the emails and the 'Support Request Received' view give it. */
  requestId: z.string(),
  issueType: SupportIssueTypeSchema,
  /** Paying plans (Premium, Family) have priority support. */
  priority: z.boolean(),
});
/** The answer to a support request. */
export type ContactSupportResponse = z.infer<typeof ContactSupportResponseSchema>;

/** `GET /api/contact-support`: what the form says before anything is sent. */
export const ContactSupportInfoSchema = z.object({
  /** The support inbox (`SUPPORT_EMAIL`) people may write to directly; null when none is configured. */
  supportEmail: z.string().nullable(),
  /** Whether emails can be sent (`SMTP_URL` and `SUPPORT_EMAIL` both configured). */
  emailConfigured: z.boolean(),
  plan: PlanIdSchema,
  priority: z.boolean(),
  /** The email of the signed-in account, to fill the form; null for a guest. */
  accountEmail: z.string().nullable(),
});
/** What the support form needs to know. */
export type ContactSupportInfo = z.infer<typeof ContactSupportInfoSchema>;

/** A Knowledge Base category (spec section 2). */
export const KnowledgeBaseCategorySchema = z.enum(KNOWLEDGE_BASE_CATEGORIES);

/** An article's id: kebab-case, as its Markdown file is named. */
export const ArticleIdSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not an article id.');

/** `GET /api/knowledge-base/articles`: an optional search and category. */
export const KnowledgeBaseQuerySchema = z
  .object({
    q: z.string().max(MAX_KNOWLEDGE_BASE_QUERY_LENGTH, `Search with at most ${MAX_KNOWLEDGE_BASE_QUERY_LENGTH} characters.`).optional(),
    category: KnowledgeBaseCategorySchema.optional(),
  })
  .strict();
/** A Knowledge Base search. */
export type KnowledgeBaseQuery = z.infer<typeof KnowledgeBaseQuerySchema>;

/** An article as a list shows it. */
export const KnowledgeBaseArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: KnowledgeBaseCategorySchema,
  summary: z.string(),
});
/** An article in a list. */
export type KnowledgeBaseArticleSummary = z.infer<typeof KnowledgeBaseArticleSummarySchema>;

/** The articles matching a search (best first) or, without one, all of a category in reading order. */
export const KnowledgeBaseListSchema = z.object({ articles: z.array(KnowledgeBaseArticleSummarySchema) });
/** A list of articles. */
export type KnowledgeBaseList = z.infer<typeof KnowledgeBaseListSchema>;

/** What people said of an article: counts, and this person's own vote (null when none). */
export const ArticleVotesSchema = z.object({
  helpful: z.number().int().nonnegative(),
  notHelpful: z.number().int().nonnegative(),
  yours: z.boolean().nullable(),
});
/** An article's votes. */
export type ArticleVotes = z.infer<typeof ArticleVotesSchema>;

/** Where an article's advice comes from. */
export const ArticleSourceSchema = z.object({ name: z.string(), url: z.string() });

/** One article: its Markdown body (rendered safely by the app, never as raw HTML), sources and votes. */
export const KnowledgeBaseArticleSchema = KnowledgeBaseArticleSummarySchema.extend({
  /** Markdown. */
  body: z.string(),
  sources: z.array(ArticleSourceSchema),
  /** The country or region the advice is for, when it is specific to one ('US', 'UK'). */
  region: z.string().nullable(),
  votes: ArticleVotesSchema,
});
/** One article. */
export type KnowledgeBaseArticle = z.infer<typeof KnowledgeBaseArticleSchema>;

/** `:id` of an article path. */
export const ArticleParamsSchema = z.object({ id: ArticleIdSchema }).strict();

/** `POST /api/knowledge-base/articles/:id/vote`: 'Yes, it helped' (true) or 'No, I need more help' (false); a new vote replaces one's earlier vote. */
export const ArticleVoteRequestSchema = z.object({ helpful: z.boolean() }).strict();
/** A vote. */
export type ArticleVoteRequest = z.infer<typeof ArticleVoteRequestSchema>;

/** A help page's id. */
export const HelpPageIdSchema = z.enum(HELP_PAGE_IDS);
/**
 * `:id` of a help page path: any id (up to 100 characters), so that a page that does not exist is
 * answered 404 `HELP_PAGE_NOT_FOUND`, as an unknown article is, rather than a 400 naming the ids.
 */
export const HelpPageParamsSchema = z.object({ id: z.string().max(100) }).strict();

/** A help page (Privacy Policy, Terms of Service, FAQ): Markdown with its title and date. */
export const HelpPageSchema = z.object({
  id: HelpPageIdSchema,
  title: z.string(),
  /** The date the page was last changed, YYYY-MM-DD ('2025-04-07' for the Privacy Policy). */
  updated: z.string(),
  /** Markdown. */
  body: z.string(),
});
/** A help page. */
export type HelpPage = z.infer<typeof HelpPageSchema>;

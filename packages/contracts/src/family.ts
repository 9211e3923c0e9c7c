import { z } from 'zod';
import { MessageSourceSchema, ProtectionSettingsSchema, ThreatLevelSchema } from './entities';
import { FAMILY_TOKEN_LENGTH } from './plans';
import { EmailInputSchema, ProtectionSettingsPatchSchema } from './requests';

/**
 * The Family plan (issue 16): a manager whose own paid plan is Family invites up to
 * `FAMILY_MAX_MEMBERS` people in all (the manager included) by email; each invitation
 * carries a single-use link valid `FAMILY_INVITATION_DAYS` days. Members get the family's
 * plan while the manager's lasts; the manager sees each member's counts and alerts (never a
 * message's content or sender) and may manage their protection switches.
 */


/** An invitation's token, as the link carries it. */
export const FamilyTokenSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${FAMILY_TOKEN_LENGTH}}$`), 'This invitation link is not complete. Open the whole link from the invitation, or ask for a new one.');

/** `POST /api/family/invitations`: whom to invite; the first invitation also founds the family. */
export const CreateFamilyInvitationRequestSchema = z
  .object({
    email: EmailInputSchema,
    /**
     * The manager states they are 18 or over. Needed (true) when there is no family yet, i.e. with
     * the first invitation; kept with its time.
     */
    adultConfirmed: z.boolean().optional(),
  })
  .strict();
/** An invitation request. */
export type CreateFamilyInvitationRequest = z.infer<typeof CreateFamilyInvitationRequestSchema>;

/** A pending (or expired, unused) invitation, as its manager sees it. */
export const FamilyInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past `expiresAt`: the link no longer works and the place is free again. */
  expired: z.boolean(),
});
/** An invitation. */
export type FamilyInvitation = z.infer<typeof FamilyInvitationSchema>;

/**
 * What sending an invitation did: `emailed` (the mail server took it), `not-configured` (this
 * server has no SMTP: copy the link) or `failed` (the mail server refused or did not answer: copy
 * the link). `link` is there whenever it was not emailed; it is shown once, the server keeps only
 * a hash of its token.
 */
export const FamilyInvitationCreatedSchema = z.object({
  invitation: FamilyInvitationSchema,
  delivery: z.enum(['emailed', 'not-configured', 'failed']),
  link: z.string().nullable(),
});
/** A sent invitation. */
export type FamilyInvitationCreated = z.infer<typeof FamilyInvitationCreatedSchema>;

/** `POST /api/family/join` and `POST /api/family/invitations/preview`: the token from the link. */
export const FamilyTokenRequestSchema = z.object({ token: FamilyTokenSchema }).strict();
/** A token request. */
export type FamilyTokenRequest = z.infer<typeof FamilyTokenRequestSchema>;

/**
 * `POST /api/family/invitations/preview`: who invited, to which address, until when. A link that
 * no longer works is answered with its error (used, expired, not valid) instead.
 */
export const FamilyInvitationPreviewSchema = z.object({
  /** The manager's account email. */
  inviter: z.string(),
  /** The address the invitation was sent to. */
  email: z.string(),
  expiresAt: z.string(),
});
/** An invitation as its link shows it. */
export type FamilyInvitationPreview = z.infer<typeof FamilyInvitationPreviewSchema>;

/** A member as the manager sees them: their account email, and their protection switches. */
export const FamilyMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  /** The member's switches; while `protectionManaged`, only the manager changes them. */
  protection: ProtectionSettingsSchema,
  protectionManaged: z.boolean(),
});
/** A family member. */
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/** `GET /api/family`, for someone in no family: whether they could found one. */
const NoFamilySchema = z.object({
  role: z.literal('none'),
  /** The person's own plan is Family: they may invite (and so found a family). */
  canCreate: z.boolean(),
  /** Whether this server sends invitation emails (SMTP configured). */
  emailConfigured: z.boolean(),
});

/** `GET /api/family`, for the manager: everything about their family. */
const ManagedFamilySchema = z.object({
  role: z.literal('manager'),
  /** The manager's own plan is Family now; when not, members are back on their own plans. */
  planActive: z.boolean(),
  /** The day the Family plan ends when it was cancelled at the period's end (it will not renew); null while it renews. */
  planEndsAt: z.string().nullable(),
  /** When the manager stated they are 18 or over. */
  adultConfirmedAt: z.string(),
  maxMembers: z.number().int(),
  members: z.array(FamilyMemberSchema),
  invitations: z.array(FamilyInvitationSchema),
  emailConfigured: z.boolean(),
});

/** `GET /api/family`, for a member: whose family it is, and whether their switches are the manager's. */
const MemberFamilySchema = z.object({
  role: z.literal('member'),
  /** The manager's account email ("{manager}'s family"). */
  manager: z.string(),
  joinedAt: z.string(),
  /** The manager's plan is Family now, so the member has it too. */
  planActive: z.boolean(),
  /** The day the manager's Family plan ends when it will not renew; null while it renews. */
  planEndsAt: z.string().nullable(),
  /** The manager sets this member's protection switches (while the family's plan lasts). */
  protectionManaged: z.boolean(),
});

/** `GET /api/family`: the visitor's place in a family, if any. */
export const FamilyViewSchema = z.discriminatedUnion('role', [NoFamilySchema, ManagedFamilySchema, MemberFamilySchema]);
/** The visitor's family. */
export type FamilyView = z.infer<typeof FamilyViewSchema>;
/** The manager's view of their family. */
export type ManagedFamily = z.infer<typeof ManagedFamilySchema>;
/** A member's view of their family. */
export type MemberFamily = z.infer<typeof MemberFamilySchema>;

/** `DELETE /api/family/members/:userId` and `PATCH /api/family/members/:userId/protection` params. */
export const FamilyMemberParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** One alert on the Family Dashboard: when, from which channel, how bad. Never what or from whom. */
export const FamilyAlertSchema = z.object({
  scanDate: z.string(),
  /** The channel it came from; null for a scan made on the member's device (on-device scanning sends no channel). */
  source: MessageSourceSchema.nullable(),
  threatLevel: ThreatLevelSchema,
});
/** A member's alert. */
export type FamilyAlert = z.infer<typeof FamilyAlertSchema>;

/** `GET /api/family/dashboard`: each member's counts of the last 30 days and their newest alerts. */
export const FamilyDashboardSchema = z.object({
  windowDays: z.number().int(),
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      counts: z.object({ phishing: z.number().int(), suspicious: z.number().int(), safe: z.number().int() }),
      /** The newest alerts (phishing and suspicious) of the window, at most `FAMILY_DASHBOARD_ALERTS`. */
      alerts: z.array(FamilyAlertSchema),
    }),
  ),
});
/** The Family Dashboard. */
export type FamilyDashboard = z.infer<typeof FamilyDashboardSchema>;

/**
 * `PATCH /api/family/members/:userId/protection`: the switches to set, and whether the member's
 * switches are the manager's to set (read-only for the member) from now on.
 */
export const FamilyProtectionRequestSchema = z
  .object({
    settings: ProtectionSettingsPatchSchema.optional(),
    managed: z.boolean().optional(),
  })
  .strict()
  .refine((r) => r.settings !== undefined || r.managed !== undefined, { message: 'Send the switches to change (settings), managed, or both.' });
/** A parental-controls change. */
export type FamilyProtectionRequest = z.infer<typeof FamilyProtectionRequestSchema>;

/** What a parental-controls change answers: the member's switches now. */
export const FamilyProtectionSchema = z.object({ protection: ProtectionSettingsSchema, protectionManaged: z.boolean() });
/** A member's switches. */
export type FamilyProtection = z.infer<typeof FamilyProtectionSchema>;

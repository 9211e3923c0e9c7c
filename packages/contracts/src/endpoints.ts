import { z } from 'zod';
import { API_ROUTES, type EndpointName, type HttpMethod } from './lite';
import { MyDataExportQuerySchema, MyDataExportSchema } from './my-data';
import { DeviceScanParamsSchema, SyncDeviceScansRequestSchema, SyncDeviceScansResponseSchema } from './device-scans';
import {
  PluginAuthRequestSchema,
  PluginConfigureRequestSchema,
  PluginListSchema,
  PluginMessageListSchema,
  PluginMessagesQuerySchema,
  PluginParamsSchema,
  PluginsChangedSchema,
  SlackEventResponseSchema,
  SlackOAuthCallbackQuerySchema,
  TwimlResponseSchema,
} from './plugins';
import {
  AlertChannelsSchema,
  ConfirmAlertEmailRequestSchema,
  DeviceTokenRequestSchema,
  NotificationListSchema,
  NotificationSchema,
  NotificationsQuerySchema,
  NotificationStreamQuerySchema,
  PushSubscriptionRequestSchema,
  PushUnsubscribeRequestSchema,
  UnreadCountSchema,
} from './notifications';
import {
  MessageSchema,
  MessageStatsSchema,
  ProtectionSettingsSchema,
  ProtectionStatusSchema,
  ReportSchema,
  BlockedSenderSchema,
} from './entities';
import {
  AssistantChatRequestSchema,
  AssistantChatResponseSchema,
  AuthResponseSchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  SuccessResponseSchema,
  BlockedSenderListSchema,
  CreateBlockedSenderRequestSchema,
  CreateReportRequestSchema,
  DeleteResponseSchema,
  FeedImportRequestSchema,
  FeedImportResultSchema,
  FeedSourceListSchema,
  HealthSchema,
  IdParamsSchema,
  MessageListSchema,
  MessageStatsQuerySchema,
  MessagesQuerySchema,
  ProtectionSettingsPatchSchema,
  ReportListSchema,
  ReportsQuerySchema,
  TextScanRequestSchema,
  TextScanResponseSchema,
  UrlScanRequestSchema,
  UrlScanResponseSchema,
} from './requests';
import {
  CancelSubscriptionRequestSchema,
  CancelSubscriptionResponseSchema,
  CheckoutSessionRequestSchema,
  RedirectResponseSchema,
  ScanUsageSchema,
  SubscriptionSchema,
  TestCheckoutSchema,
  WebhookResponseSchema,
} from './billing';
import {
  CreateFamilyInvitationRequestSchema,
  FamilyDashboardSchema,
  FamilyInvitationCreatedSchema,
  FamilyInvitationPreviewSchema,
  FamilyMemberParamsSchema,
  FamilyProtectionRequestSchema,
  FamilyProtectionSchema,
  FamilyTokenRequestSchema,
  FamilyViewSchema,
} from './family';
import {
  ArticleParamsSchema,
  ArticleVoteRequestSchema,
  ArticleVotesSchema,
  ContactSupportInfoSchema,
  ContactSupportRequestSchema,
  ContactSupportResponseSchema,
  HelpPageParamsSchema,
  HelpPageSchema,
  KnowledgeBaseArticleSchema,
  KnowledgeBaseListSchema,
  KnowledgeBaseQuerySchema,
} from './help';

/** One API endpoint: method, path (Fastify style, `:id`), and the schemas of what goes in and out. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of a success. */
  status: number;
}

/**
 * Every endpoint of the API with the schemas of what goes in and out; methods and paths come
 * from {@link API_ROUTES}.
 */
export const ENDPOINTS = {
  scanText: { ...API_ROUTES.scanText, body: TextScanRequestSchema, response: TextScanResponseSchema, status: 200 },
  scanUrl: { ...API_ROUTES.scanUrl, body: UrlScanRequestSchema, response: UrlScanResponseSchema, status: 200 },
  messageStats: { ...API_ROUTES.messageStats, query: MessageStatsQuerySchema, response: MessageStatsSchema, status: 200 },
  listMessages: { ...API_ROUTES.listMessages, query: MessagesQuerySchema, response: MessageListSchema, status: 200 },
  getMessage: { ...API_ROUTES.getMessage, params: IdParamsSchema, response: MessageSchema, status: 200 },
  deleteMessage: { ...API_ROUTES.deleteMessage, params: IdParamsSchema, response: DeleteResponseSchema, status: 200 },
  getProtectionSettings: { ...API_ROUTES.getProtectionSettings, response: ProtectionSettingsSchema, status: 200 },
  patchProtectionSettings: { ...API_ROUTES.patchProtectionSettings, body: ProtectionSettingsPatchSchema, response: ProtectionSettingsSchema, status: 200 },
  protectionStatus: { ...API_ROUTES.protectionStatus, response: ProtectionStatusSchema, status: 200 },
  createReport: { ...API_ROUTES.createReport, body: CreateReportRequestSchema, response: ReportSchema, status: 201 },
  listReports: { ...API_ROUTES.listReports, query: ReportsQuerySchema, response: ReportListSchema, status: 200 },
  listBlockedSenders: { ...API_ROUTES.listBlockedSenders, response: BlockedSenderListSchema, status: 200 },
  createBlockedSender: { ...API_ROUTES.createBlockedSender, body: CreateBlockedSenderRequestSchema, response: BlockedSenderSchema, status: 201 },
  deleteBlockedSender: { ...API_ROUTES.deleteBlockedSender, params: IdParamsSchema, response: DeleteResponseSchema, status: 200 },
  health: { ...API_ROUTES.health, response: HealthSchema, status: 200 },
  assistantChat: { ...API_ROUTES.assistantChat, body: AssistantChatRequestSchema, response: AssistantChatResponseSchema, status: 200 },
  listPlugins: { ...API_ROUTES.listPlugins, response: PluginListSchema, status: 200 },
  enablePlugin: { ...API_ROUTES.enablePlugin, params: PluginParamsSchema, response: PluginsChangedSchema, status: 200 },
  disablePlugin: { ...API_ROUTES.disablePlugin, params: PluginParamsSchema, response: PluginsChangedSchema, status: 200 },
  authPlugin: { ...API_ROUTES.authPlugin, params: PluginParamsSchema, body: PluginAuthRequestSchema, response: PluginsChangedSchema, status: 200 },
  configurePlugin: { ...API_ROUTES.configurePlugin, params: PluginParamsSchema, body: PluginConfigureRequestSchema, response: PluginsChangedSchema, status: 200 },
  disconnectPlugin: { ...API_ROUTES.disconnectPlugin, params: PluginParamsSchema, response: PluginsChangedSchema, status: 200 },
  pluginMessages: { ...API_ROUTES.pluginMessages, params: PluginParamsSchema, query: PluginMessagesQuerySchema, response: PluginMessageListSchema, status: 200 },
  // the sources' webhooks read their bodies raw (signatures are over the bytes sent) and answer in their own formats
  smsInbound: { ...API_ROUTES.smsInbound, response: TwimlResponseSchema, status: 200 },
  slackEvents: { ...API_ROUTES.slackEvents, response: SlackEventResponseSchema, status: 200 },
  slackOAuthCallback: { ...API_ROUTES.slackOAuthCallback, query: SlackOAuthCallbackQuerySchema, response: TwimlResponseSchema, status: 302 },
  me: { ...API_ROUTES.me, response: AuthResponseSchema, status: 200 },
  signUp: { ...API_ROUTES.signUp, body: SignUpRequestSchema, response: AuthResponseSchema, status: 201 },
  signIn: { ...API_ROUTES.signIn, body: SignInRequestSchema, response: AuthResponseSchema, status: 200 },
  signOut: { ...API_ROUTES.signOut, response: SuccessResponseSchema, status: 200 },
  changePassword: { ...API_ROUTES.changePassword, body: ChangePasswordRequestSchema, response: SuccessResponseSchema, status: 200 },
  deleteAccount: { ...API_ROUTES.deleteAccount, body: DeleteAccountRequestSchema, response: SuccessResponseSchema, status: 200 },
  // streamed: the document can be as long as the history; `?format=html` streams the readable copy (text/html) instead
  exportMyData: { ...API_ROUTES.exportMyData, query: MyDataExportQuerySchema, response: MyDataExportSchema, status: 200 },
  getNotificationPreferences: { ...API_ROUTES.getNotificationPreferences, response: NotificationPreferencesSchema, status: 200 },
  patchNotificationPreferences: { ...API_ROUTES.patchNotificationPreferences, body: NotificationPreferencesPatchSchema, response: NotificationPreferencesSchema, status: 200 },
  listFeeds: { ...API_ROUTES.listFeeds, response: FeedSourceListSchema, status: 200 },
  importFeed: { ...API_ROUTES.importFeed, body: FeedImportRequestSchema, response: FeedImportResultSchema, status: 200 },
  // the answer is SQL text (application/sql), not JSON
  backupDatabase: { ...API_ROUTES.backupDatabase, response: z.string(), status: 200 },
  getSubscription: { ...API_ROUTES.getSubscription, response: SubscriptionSchema, status: 200 },
  createCheckoutSession: { ...API_ROUTES.createCheckoutSession, body: CheckoutSessionRequestSchema, response: RedirectResponseSchema, status: 200 },
  // the body is Stripe's event, read raw to check its signature (stripe.webhooks.constructEvent)
  stripeWebhook: { ...API_ROUTES.stripeWebhook, response: WebhookResponseSchema, status: 200 },
  billingPortal: { ...API_ROUTES.billingPortal, response: RedirectResponseSchema, status: 200 },
  cancelSubscription: { ...API_ROUTES.cancelSubscription, body: CancelSubscriptionRequestSchema, response: CancelSubscriptionResponseSchema, status: 200 },
  resumeSubscription: { ...API_ROUTES.resumeSubscription, response: SubscriptionSchema, status: 200 },
  getTestCheckout: { ...API_ROUTES.getTestCheckout, params: IdParamsSchema, response: TestCheckoutSchema, status: 200 },
  completeTestCheckout: { ...API_ROUTES.completeTestCheckout, params: IdParamsSchema, response: RedirectResponseSchema, status: 200 },
  cancelTestCheckout: { ...API_ROUTES.cancelTestCheckout, params: IdParamsSchema, response: RedirectResponseSchema, status: 200 },
  // the time zone comes in the X-Time-Zone header (TIME_ZONE_HEADER)
  scanUsage: { ...API_ROUTES.scanUsage, response: ScanUsageSchema, status: 200 },
  getFamily: { ...API_ROUTES.getFamily, response: FamilyViewSchema, status: 200 },
  createFamilyInvitation: { ...API_ROUTES.createFamilyInvitation, body: CreateFamilyInvitationRequestSchema, response: FamilyInvitationCreatedSchema, status: 201 },
  deleteFamilyInvitation: { ...API_ROUTES.deleteFamilyInvitation, params: IdParamsSchema, response: DeleteResponseSchema, status: 200 },
  previewFamilyInvitation: { ...API_ROUTES.previewFamilyInvitation, body: FamilyTokenRequestSchema, response: FamilyInvitationPreviewSchema, status: 200 },
  joinFamily: { ...API_ROUTES.joinFamily, body: FamilyTokenRequestSchema, response: FamilyViewSchema, status: 200 },
  leaveFamily: { ...API_ROUTES.leaveFamily, response: SuccessResponseSchema, status: 200 },
  removeFamilyMember: { ...API_ROUTES.removeFamilyMember, params: FamilyMemberParamsSchema, response: DeleteResponseSchema, status: 200 },
  setFamilyMemberProtection: { ...API_ROUTES.setFamilyMemberProtection, params: FamilyMemberParamsSchema, body: FamilyProtectionRequestSchema, response: FamilyProtectionSchema, status: 200 },
  familyDashboard: { ...API_ROUTES.familyDashboard, response: FamilyDashboardSchema, status: 200 },
  contactSupport: { ...API_ROUTES.contactSupport, body: ContactSupportRequestSchema, response: ContactSupportResponseSchema, status: 201 },
  contactSupportInfo: { ...API_ROUTES.contactSupportInfo, response: ContactSupportInfoSchema, status: 200 },
  listKnowledgeBaseArticles: { ...API_ROUTES.listKnowledgeBaseArticles, query: KnowledgeBaseQuerySchema, response: KnowledgeBaseListSchema, status: 200 },
  getKnowledgeBaseArticle: { ...API_ROUTES.getKnowledgeBaseArticle, params: ArticleParamsSchema, response: KnowledgeBaseArticleSchema, status: 200 },
  voteKnowledgeBaseArticle: { ...API_ROUTES.voteKnowledgeBaseArticle, params: ArticleParamsSchema, body: ArticleVoteRequestSchema, response: ArticleVotesSchema, status: 200 },
  getHelpPage: { ...API_ROUTES.getHelpPage, params: HelpPageParamsSchema, response: HelpPageSchema, status: 200 },
  registerDeviceToken: { ...API_ROUTES.registerDeviceToken, body: DeviceTokenRequestSchema, response: SuccessResponseSchema, status: 200 },
  listNotifications: { ...API_ROUTES.listNotifications, query: NotificationsQuerySchema, response: NotificationListSchema, status: 200 },
  // text/event-stream: `notification` events (a Notification) and `unread` events ({ unread })
  notificationStream: { ...API_ROUTES.notificationStream, query: NotificationStreamQuerySchema, response: z.union([NotificationSchema, UnreadCountSchema]), status: 200 },
  notificationChannels: { ...API_ROUTES.notificationChannels, response: AlertChannelsSchema, status: 200 },
  markNotificationRead: { ...API_ROUTES.markNotificationRead, params: IdParamsSchema, response: UnreadCountSchema, status: 200 },
  markAllNotificationsRead: { ...API_ROUTES.markAllNotificationsRead, response: UnreadCountSchema, status: 200 },
  sendAlertEmailConfirmation: { ...API_ROUTES.sendAlertEmailConfirmation, response: AlertChannelsSchema, status: 200 },
  confirmAlertEmail: { ...API_ROUTES.confirmAlertEmail, body: ConfirmAlertEmailRequestSchema, response: AlertChannelsSchema, status: 200 },
  subscribePush: { ...API_ROUTES.subscribePush, body: PushSubscriptionRequestSchema, response: AlertChannelsSchema, status: 200 },
  unsubscribePush: { ...API_ROUTES.unsubscribePush, body: PushUnsubscribeRequestSchema, response: AlertChannelsSchema, status: 200 },
  syncDeviceScans: { ...API_ROUTES.syncDeviceScans, body: SyncDeviceScansRequestSchema, response: SyncDeviceScansResponseSchema, status: 200 },
  deleteDeviceScan: { ...API_ROUTES.deleteDeviceScan, params: DeviceScanParamsSchema, response: DeleteResponseSchema, status: 200 },
} as const satisfies Record<EndpointName, Endpoint>;


/** Query keys shared by features, so one invalidation reaches every screen that shows the data. */
export const queryKeys = {
  messages: ['messages'] as const,
  messageList: (limit?: number) => ['messages', { limit: limit ?? null }] as const,
  messagePages: (threatLevel: string) => ['messages', 'pages', threatLevel] as const,
  message: (id: string) => ['messages', 'one', id] as const,
  messageStats: ['message-stats'] as const,
  messageStatsFor: (tz: string) => ['message-stats', tz] as const,
  protectionSettings: ['protection-settings'] as const,
  protectionStatus: ['protection-status'] as const,
  currentUser: ['auth', 'me'] as const,
  notificationPreferences: ['notification-preferences'] as const,
  // the header's list (pages, newest first) and the unread count beside it: one root, so a
  // user switch or a reconnect can refresh both
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  notificationUnread: ['notifications', 'unread'] as const,
  notificationChannels: ['notification-channels'] as const,
  plugins: ['plugins'] as const,
  blockedSenders: ['blocked-senders'] as const,
  subscription: ['subscription'] as const,
  // under the subscription's key: whatever refreshes the plan (an upgrade, a cancel) refreshes it too
  scanUsage: ['subscription', 'scan-usage'] as const,
  testCheckout: (id: string) => ['test-checkout', id] as const,
  // the visitor's family; the dashboard under it, so a change to the family refreshes both
  family: ['family'] as const,
  familyDashboard: ['family', 'dashboard'] as const,
  familyInvitation: (token: string) => ['family-invitation', token] as const,
};

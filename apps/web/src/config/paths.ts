/** Every route path of the web app, in one place (DESIGN.md section 2). */
export const paths = {
  home: '/',
  scan: '/scan',
  history: '/history',
  account: '/account',
  settings: '/settings',
  subscription: '/subscription',
} as const;

/** The history page opened on one entry (the push-notification deep link). */
export function historyEntryPath(messageId: string): string {
  return `${paths.history}?messageId=${encodeURIComponent(messageId)}`;
}

/** Every route path of the web app, in one place (DESIGN.md section 2). */
export const paths = {
  home: '/',
  scan: '/scan',
  history: '/history',
  account: '/account',
  settings: '/settings',
  subscription: '/subscription',
} as const;


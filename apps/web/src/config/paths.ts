/** Every route path of the web app, in one place (DESIGN.md section 2). */
export const paths = {
  home: '/',
  scan: '/scan',
  history: '/history',
  account: '/account',
  settings: '/settings',
  subscription: '/subscription',
  // not in the spec: the server's own checkout page when no payment service is configured (issue 16)
  testCheckout: '/checkout/test/:id',
  // not in the spec: where a family invitation link leads (the token follows in the fragment, never sent to the server)
  familyJoin: '/family/join',
} as const;


/** Opens /subscription with its Manage Subscription dialog open (the Account page's button). */
export const MANAGE_SUBSCRIPTION_PARAM = 'manage';
export const manageSubscriptionHref = `${paths.subscription}?${MANAGE_SUBSCRIPTION_PARAM}=true`;

/** Every route path of the web app, in one place (DESIGN.md section 2). */
export const paths = {
  home: '/',
  scan: '/scan',
  history: '/history',
  account: '/account',
  settings: '/settings',
  subscription: '/subscription',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  faq: '/faq',
  contactSupport: '/contact-support',
  liveChat: '/live-chat',
  knowledgeBase: '/knowledge-base',
  // not in the spec: the server's own checkout page when no payment service is configured (issue 16)
  testCheckout: '/checkout/test/:id',
  // not in the spec: where a family invitation link leads (the token follows in the fragment, never sent to the server)
  familyJoin: '/family/join',
} as const;


/** Opens /subscription with its Manage Subscription dialog open (the Account page's button). */
export const MANAGE_SUBSCRIPTION_PARAM = 'manage';
export const manageSubscriptionHref = `${paths.subscription}?${MANAGE_SUBSCRIPTION_PARAM}=true`;

/** Opens one Knowledge Base article (`/knowledge-base?article=how-to-spot-smishing`). */
export const KNOWLEDGE_BASE_ARTICLE_PARAM = 'article';
export const knowledgeBaseArticleHref = (id: string) => `${paths.knowledgeBase}?${KNOWLEDGE_BASE_ARTICLE_PARAM}=${encodeURIComponent(id)}`;

/** Opens the Account page on its Virtual Assistant tab (the help pages' "ask the assistant"). */
export const assistantHref = `${paths.account}?tab=assistant`;

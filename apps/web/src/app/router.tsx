import { Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { ErrorBoundary } from '@/components/error-boundary';
import { lazyWithRetry } from '@/lib/chunk-load';

// Every screen is its own chunk: the first screen loads only the shell and the page it shows. One
// that fails to load (the connection dropped) loads again from an address of its own.
const HomePage = lazyWithRetry(() => import('@/features/home/home-page'));
const ScanPage = lazyWithRetry(() => import('@/features/scan/scan-page'));
const HistoryPage = lazyWithRetry(() => import('@/features/history/history-page'));
// the Account page with the family's parts (the Family Dashboard tab, a member's family card)
const AccountPage = lazyWithRetry(() => import('@/app/account-route'));
const SettingsPage = lazyWithRetry(() => import('@/features/settings/settings-page'));
const SubscriptionPage = lazyWithRetry(() => import('@/features/subscription/subscription-page'));
const TestCheckoutPage = lazyWithRetry(() => import('@/features/test-checkout/test-checkout-page'));
const FamilyJoinPage = lazyWithRetry(() => import('@/features/family/join-page'));
const PrivacyPolicyPage = lazyWithRetry(() => import('@/features/help-pages/privacy-policy-page'));
const TermsOfServicePage = lazyWithRetry(() => import('@/features/help-pages/terms-of-service-page'));
const FaqPage = lazyWithRetry(() => import('@/features/help-pages/faq-page'));
const ContactSupportPage = lazyWithRetry(() => import('@/features/contact-support/contact-support-page'));
const LiveChatPage = lazyWithRetry(() => import('@/features/live-chat/live-chat-page'));
const KnowledgeBasePage = lazyWithRetry(() => import('@/features/knowledge-base/knowledge-base-page'));
const NotFoundPage = lazyWithRetry(() => import('@/features/not-found/not-found-page'));

function PageFallback() {
  return (
    <p role="status" className="p-6 text-center text-sm text-slate-600">
      Loading…
    </p>
  );
}

/** How long, after an in-app navigation, the new page's heading is waited for (its code may still be loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * Resets scroll when the route changes, as a page load would, and moves the focus to the new
 * page's heading, so a keyboard or screen-reader user starts at the top of what they opened
 * (not on a link of the page they left). Not on the first load (`startLocation`: the page the app
 * started on, until a page is shown), and not when the new page has already put the focus
 * somewhere of its own. Inside the page's Suspense, so it runs once the page's code is there; after
 * a failure it is mounted anew with the page shown in the message's place.
 */
function ScrollAndFocusOnNavigate({ startLocation }: { startLocation: { current: string | null } }) {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.search.includes('messageId=')) window.scrollTo?.(0, 0);
    const firstLoad = startLocation.current === location;
    startLocation.current = null;
    if (firstLoad) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const tryFocus = () => {
      const main = document.getElementById('main');
      const active = document.activeElement;
      // the page chose where the focus goes (a dialog, a field): leave it there
      if (main && active && active !== document.body && main.contains(active)) return;
      const heading = main?.querySelector('h1');
      if (heading instanceof HTMLElement) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - started < HEADING_WAIT_MS) timer = setTimeout(tryFocus, 50);
    };
    timer = setTimeout(tryFocus, 0);
    return () => clearTimeout(timer);
  }, [location, startLocation]);
  return null;
}

/** The product's name: the home page's title, and the end of every other page's. */
export const PRODUCT_NAME = 'Baitcheck';

const PAGE_NAMES: Readonly<Record<string, string>> = {
  [paths.scan]: 'Scan for Threats',
  [paths.history]: 'Scan History',
  [paths.account]: 'Account',
  [paths.settings]: 'Settings',
  [paths.subscription]: 'Upgrade Your Protection',
  [paths.familyJoin]: 'Family invitation',
  [paths.privacyPolicy]: 'Privacy Policy',
  [paths.termsOfService]: 'Terms of Service',
  [paths.faq]: 'FAQ',
  [paths.contactSupport]: 'Contact Support',
  [paths.liveChat]: 'Live Chat',
  [paths.knowledgeBase]: 'Knowledge Base',
};

/**
 * The browser tab's title for a path: the page's name, then the product's ('History ·
 * Baitcheck'), so a screen reader announces where one is and tabs can be told apart (the
 * specification's title is the product name alone: README differences). The home page keeps the
 * product name.
 */
export function titleFor(path: string): string {
  if (path === paths.home) return PRODUCT_NAME;
  const name = path.startsWith('/checkout/test/') ? 'Test checkout' : (PAGE_NAMES[path] ?? 'Page not found');
  return `${name} · ${PRODUCT_NAME}`;
}

function DocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = titleFor(location);
  }, [location]);
  return null;
}

/**
 * The page for the location. A page that fails (its code did not load, or a fault in it) shows a
 * message in its place, never an empty app; opening another page shows that one.
 */
export function AppRouter() {
  const [location] = useLocation();
  // kept here, not in ScrollAndFocusOnNavigate, which a failure unmounts
  const startLocation = useRef<string | null>(location);
  return (
    <>
      <DocumentTitle />
      {/* a retry that takes the focus away with the message is, for the focus, like opening the
          page; one while the focus is elsewhere (the page loads by itself once back online) is
          like the first load: the focus stays where the person put it */}
      <ErrorBoundary resetKey={location} onRetry={(focusWasHere) => (startLocation.current = focusWasHere ? null : location)}>
        <Suspense fallback={<PageFallback />}>
          <ScrollAndFocusOnNavigate startLocation={startLocation} />
          <Switch>
            <Route path={paths.home} component={HomePage} />
            <Route path={paths.scan} component={ScanPage} />
            <Route path={paths.history} component={HistoryPage} />
            <Route path={paths.account} component={AccountPage} />
            <Route path={paths.settings} component={SettingsPage} />
            <Route path={paths.subscription} component={SubscriptionPage} />
            <Route path={paths.testCheckout} component={TestCheckoutPage} />
            <Route path={paths.familyJoin} component={FamilyJoinPage} />
            <Route path={paths.privacyPolicy} component={PrivacyPolicyPage} />
            <Route path={paths.termsOfService} component={TermsOfServicePage} />
            <Route path={paths.faq} component={FaqPage} />
            <Route path={paths.contactSupport} component={ContactSupportPage} />
            <Route path={paths.liveChat} component={LiveChatPage} />
            <Route path={paths.knowledgeBase} component={KnowledgeBasePage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

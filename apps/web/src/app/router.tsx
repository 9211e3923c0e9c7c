import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths } from '@/config/paths';

// Every screen is its own chunk: the first screen loads only the shell and the page it shows.
const HomePage = lazy(() => import('@/features/home/home-page'));
const ScanPage = lazy(() => import('@/features/scan/scan-page'));
const HistoryPage = lazy(() => import('@/features/history/history-page'));
const AccountPage = lazy(() => import('@/features/account/account-page'));
const SettingsPage = lazy(() => import('@/features/settings/settings-page'));
const SubscriptionPage = lazy(() => import('@/features/subscription/subscription-page'));
const TestCheckoutPage = lazy(() => import('@/features/test-checkout/test-checkout-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page'));

function PageFallback() {
  return (
    <p role="status" className="p-6 text-center text-sm text-slate-600">
      Loading…
    </p>
  );
}

/** Resets scroll when the route changes, as a page load would. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.search.includes('messageId=')) window.scrollTo?.(0, 0);
  }, [location]);
  return null;
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <ScrollToTop />
      <Switch>
        <Route path={paths.home} component={HomePage} />
        <Route path={paths.scan} component={ScanPage} />
        <Route path={paths.history} component={HistoryPage} />
        <Route path={paths.account} component={AccountPage} />
        <Route path={paths.settings} component={SettingsPage} />
        <Route path={paths.subscription} component={SubscriptionPage} />
        <Route path={paths.testCheckout} component={TestCheckoutPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

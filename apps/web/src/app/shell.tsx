import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Dialog } from 'radix-ui';
import { Accessibility, History, LayoutDashboard, ScanSearch, Settings, ShieldCheck, User, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { importFailedChunk, lazyWithRetry } from '@/lib/chunk-load';
import { ColorVisionFilters } from '@/components/accessibility/color-vision-filters';
import { DialogPanel } from '@/components/ui/dialog';
import { ErrorBoundary } from '@/components/error-boundary';
import { NotificationsButton } from '@/components/notifications/notifications-button';
import { StatusBanner } from './status-banner';

// Loaded when the dialog first opens, so the first screen does not carry it.
const AccessibilityPanel = lazyWithRetry(
  () => import('@/components/accessibility/accessibility-panel'),
  (m) => m.AccessibilityPanel,
);

// The live stream and the alert pop-up: started once the first screen is up, in their own chunk.
type AfterFirstScreenModule = typeof import('./after-first-screen');

const pickLiveNotifications = (module: AfterFirstScreenModule) => module.default;

/**
 * Loads the chunk; after a failure, from the address the failure names with a query of its own
 * (lib/chunk-load.ts). Where the failure names no address (Safari), the same import is tried again.
 */
function loadLiveNotifications(failure?: unknown): Promise<ComponentType> {
  return importFailedChunk(failure, pickLiveNotifications) ?? import('./after-first-screen').then(pickLiveNotifications);
}

/**
 * Loads and renders the live notifications once the browser is idle after the first render (or
 * soon after, where it has no idle callback). Not React.lazy: a chunk that fails to load (the
 * connection dropped just then) must not take the app down with it; it is loaded again when the
 * browser is back online (at once when it came back while the load was failing), or a minute later.
 */
function LiveNotificationsAfterFirstScreen() {
  const [Live, setLive] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastFailure: unknown;
    // the connection can come back before a load's failure is told (a fetch that hangs until it
    // times out, a busy page): that 'online' has gone by then, and waiting for the next one left
    // the live notifications off for a minute
    let backOnline = false;
    const noteOnline = () => {
      backOnline = true;
    };
    const load = () => {
      clearTimeout(retry);
      window.removeEventListener('online', load);
      backOnline = false;
      window.addEventListener('online', noteOnline);
      loadLiveNotifications(lastFailure).then(
        (component) => {
          window.removeEventListener('online', noteOnline);
          if (!cancelled) setLive(() => component);
        },
        (failure: unknown) => {
          window.removeEventListener('online', noteOnline);
          if (cancelled) return;
          lastFailure = failure;
          if (backOnline) {
            load();
            return;
          }
          // whichever comes first: the connection back, or a minute
          retry = setTimeout(load, 60_000);
          window.addEventListener('online', load, { once: true });
        },
      );
    };
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(load, { timeout: 2000 }) : undefined;
    if (idle === undefined) retry = setTimeout(load, 1);
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(retry);
      window.removeEventListener('online', load);
      window.removeEventListener('online', noteOnline);
    };
  }, []);
  return Live ? <Live /> : null;
}

const NAV_ITEMS: ReadonlyArray<{ href: string; label: string; Icon: LucideIcon }> = [
  { href: paths.home, label: 'Dashboard', Icon: LayoutDashboard },
  { href: paths.scan, label: 'Scan', Icon: ScanSearch },
  { href: paths.history, label: 'History', Icon: History },
  { href: paths.account, label: 'Account', Icon: User },
  { href: paths.settings, label: 'Settings', Icon: Settings },
];

/** Whether `href` is the page being shown. */
export function isActivePath(href: string, location: string): boolean {
  return href === paths.home ? location === href : location === href || location.startsWith(`${href}/`);
}

const HEADER_BUTTON =
  'inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-white';

/** The header's accessibility-settings dialog (spec section 2, page shell). Radix traps focus, closes on Escape and returns focus to the button. */
function AccessibilityDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={HEADER_BUTTON} aria-label="Accessibility settings">
        <Accessibility aria-hidden="true" className="h-5 w-5" />
      </Dialog.Trigger>
      <DialogPanel title="Accessibility" description="Saved on this device and applied across the app at once." className="max-w-lg">
        <ErrorBoundary place="part">
          <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
            <AccessibilityPanel />
          </Suspense>
        </ErrorBoundary>
      </DialogPanel>
    </Dialog.Root>
  );
}

function Header() {
  return (
    <header data-sticky-bar="top" className="sticky top-0 z-40 bg-primary text-white shadow">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
        <Link href={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-ring">
          <ShieldCheck aria-hidden="true" className="h-6 w-6" />
          Baitcheck
        </Link>
        <div className="flex items-center gap-1">
          <AccessibilityDialog />
          <NotificationsButton className={HEADER_BUTTON} />
          <Link href={paths.settings} aria-label="Open settings" className={HEADER_BUTTON}>
            <Settings aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </header>
  );
}

function BottomNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Main" data-sticky-bar="bottom" className="sticky bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto grid max-w-5xl grid-cols-5">
        {NAV_ITEMS.map(({ href, label, Icon }) => {
          const active = isActivePath(href, location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs focus-ring',
                  active ? 'font-semibold text-primary-strong' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full',
                    active && 'bg-primary-soft',
                  )}
                >
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className={cn(active && 'underline decoration-2 underline-offset-4')}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Header, status banner, main content and bottom navigation (spec section 2, page shell). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <ColorVisionFilters />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-primary-strong"
      >
        Skip to main content
      </a>
      <Header />
      <StatusBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 pb-8 pt-4 outline-none">
        {children}
      </main>
      <BottomNav />
      <LiveNotificationsAfterFirstScreen />
    </div>
  );
}

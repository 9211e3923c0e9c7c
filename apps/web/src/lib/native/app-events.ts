import { App, type BackButtonListenerEvent } from '@capacitor/app';
import { paths } from '@/config/paths';
import { navigate } from './navigate';

/**
 * Android's back button (issue 20; the spec only logs it, see the README's differences): an open
 * dialog closes first (as Escape would); from Home the app closes; elsewhere the app goes back a
 * page, or to Home when it was opened straight onto this one (a tapped alert, a share).
 */
export function handleBackButton({ canGoBack }: BackButtonListenerEvent): void {
  const dialog = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  if (dialog) {
    const target = document.activeElement instanceof HTMLElement ? document.activeElement : dialog;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
    return;
  }
  if (window.location.pathname === paths.home) {
    void App.exitApp();
  } else if (canGoBack) {
    window.history.back();
  } else {
    navigate(paths.home, { replace: true });
  }
}

/** The back button, and the app's pause and resume (spec: only logged). */
export async function startAppEvents(): Promise<void> {
  try {
    await App.addListener('backButton', handleBackButton);
    await App.addListener('pause', () => console.info('App paused'));
    await App.addListener('resume', () => console.info('App resumed'));
  } catch (error) {
    console.warn('App events could not start', error);
  }
}

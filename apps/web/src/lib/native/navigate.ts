import { navigate as navigateInApp } from 'wouter/use-browser-location';

/**
 * Opens an in-app page from outside React (a tapped alert, a share): the router follows the
 * browser's history, so this is the same move as a link (no reload, drafts kept).
 */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (!path.startsWith('/') || path.startsWith('//')) return;
  navigateInApp(path, { replace: options.replace ?? false });
}

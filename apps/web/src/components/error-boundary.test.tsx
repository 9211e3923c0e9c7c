import { Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Switch, useLocation } from 'wouter';
import { chunkRetry, lazyWithRetry } from '@/lib/chunk-load';
import { renderWithApp } from '@/testing/render';
import { ErrorBoundary } from './error-boundary';

beforeEach(() => {
  // React and the boundary say what they caught; not this run's output
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const address = `${window.location.origin}/assets/history-page-Bw5L1mdU.js`;
const chunkFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${address}`);

function HistoryPage() {
  return <h1>Scan History</h1>;
}

/** A lazy page whose chunk fails to load the first time (`failure`), and the boundary around it. */
function renderFailingPage(failure: Error, props: { reload?: () => void } = {}) {
  const load = vi.fn<() => Promise<{ default: typeof HistoryPage }>>().mockRejectedValueOnce(failure).mockResolvedValue({ default: HistoryPage });
  const Page = lazyWithRetry(load);
  render(
    <ErrorBoundary {...props}>
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );
  return { load };
}

/** Pages with a link to each, the boundary around them reset by the location, as AppRouter does. */
function renderPages(path: string, pages: Record<string, ComponentType>) {
  function Pages() {
    const [location] = useLocation();
    return (
      <>
        {Object.keys(pages).map((href) => (
          <Link key={href} href={href}>
            {href}
          </Link>
        ))}
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<p>Loading…</p>}>
            <Switch>
              {Object.entries(pages).map(([href, component]) => (
                <Route key={href} path={href} component={component} />
              ))}
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </>
    );
  }
  return renderWithApp(<Pages />, { path });
}

describe('ErrorBoundary', () => {
  it('shows a calm message with Try again in place of a page whose code could not load, and Try again imports it afresh', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ default: HistoryPage });
    const { load } = renderFailingPage(chunkFailure());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'This page could not load' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Check your connection and try again.');
    expect(alert).not.toHaveTextContent(/TypeError|dynamically|module/);
    // not on its own while nothing changed: no loop of imports
    expect(importAddress).not.toHaveBeenCalled();

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Scan History' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // from the failed address with a query of its own: the browser keeps the first import failed
    expect(importAddress).toHaveBeenCalledTimes(1);
    expect(importAddress.mock.calls[0]?.[0]).toMatch(/\/assets\/history-page-Bw5L1mdU\.js\?retry=\d+$/);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again by itself once when the connection comes back', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress').mockRejectedValueOnce(chunkFailure()).mockResolvedValue({ default: HistoryPage });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    renderFailingPage(chunkFailure(), { reload });
    await screen.findByRole('alert');
    expect(importAddress).not.toHaveBeenCalled();

    // the try fails, the connection having dropped again: the message again, and no further try
    act(() => {
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      onLine.mockReturnValue(false);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not load');
    expect(importAddress).toHaveBeenCalledTimes(1);

    // the next time it comes back, it loads
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Scan History' })).toBeInTheDocument();
    expect(importAddress).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page at the next try when a try failed with the connection up (a chunk the page needs is the one that failed)', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress').mockRejectedValue(chunkFailure());
    const reload = vi.fn();
    renderFailingPage(chunkFailure(), { reload });
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(importAddress).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the page to try again where the failure names no address (Safari)', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress');
    const reload = vi.fn();
    renderFailingPage(new TypeError('Importing a module script failed.'), { reload });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(importAddress).not.toHaveBeenCalled();
  });

  it('shows a fault in a page with Reload, logs it, and never tries it again by itself', async () => {
    const reload = vi.fn();
    let renders = 0;
    function Broken(): never {
      renders += 1;
      throw new TypeError("Cannot read properties of undefined (reading 'map')");
    }
    render(
      <ErrorBoundary reload={reload}>
        <Broken />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong on this page' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Reloading the page usually fixes it.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('A part of Baitcheck failed to show', expect.any(TypeError), expect.any(String));

    const before = renders;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(renders).toBe(before);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the page opened after a failure', async () => {
    function Broken(): never {
      throw new Error('a fault');
    }
    function Fine() {
      return <h1>Fine page</h1>;
    }
    renderPages('/broken', { '/broken': Broken, '/fine': Fine });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this page');
    await userEvent.click(screen.getByRole('link', { name: '/fine' }));
    expect(screen.getByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // and the broken one shows its message again, not the fine page's
    await userEvent.click(screen.getByRole('link', { name: '/broken' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this page');
  });

  it('loads a page whose code failed to load when it is opened again after another', async () => {
    const importAddress = vi.spyOn(chunkRetry, 'importAddress').mockResolvedValue({ default: HistoryPage });
    const Page = lazyWithRetry(vi.fn<() => Promise<{ default: typeof HistoryPage }>>().mockRejectedValueOnce(chunkFailure()));
    function Home() {
      return <h1>Home</h1>;
    }
    renderPages('/history', { '/history': Page, '/': Home });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not load');
    await userEvent.click(screen.getByRole('link', { name: '/' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '/history' }));
    expect(await screen.findByRole('heading', { name: 'Scan History' })).toBeInTheDocument();
    expect(importAddress).toHaveBeenCalledTimes(1);
  });
});

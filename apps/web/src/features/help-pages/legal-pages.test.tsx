import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '@/testing/render';
import { readHelpPage } from './content.testing';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsOfServicePage from './terms-of-service-page';

const PAGE = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  updated: '2025-04-07',
  body: '## The short version\n\nWe keep little.\n\n## What we collect\n\n### Payments\n\nStripe.\n\n## Cookies and browser storage\n\n| Cookie | Lasts |\n|---|---|\n| `bc_session` | 30 days |\n',
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('Privacy Policy page', () => {
  it("loads the page's text from the server and shows its date", async () => {
    const { calls } = mockApi({ 'GET /api/help-pages/privacy-policy': { body: PAGE } });
    renderWithApp(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    // the title is there at once, the text once loaded
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the Privacy Policy')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Last updated: April 7, 2025')).toBeInTheDocument();
    expect(screen.getByText('We keep little.')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/help-pages/privacy-policy']);
  });

  it("lists every '##' section in a table of contents whose links lead to the sections' headings", async () => {
    mockApi({ 'GET /api/help-pages/privacy-policy': { body: PAGE } });
    renderWithApp(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['The short version', 'What we collect', 'Cookies and browser storage']);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      const target = document.getElementById(id);
      expect(target?.tagName).toBe('H2');
      expect(target).toHaveTextContent(link.textContent!);
    }
  });

  it('goes to the section the address names once the text has loaded, and focuses its heading', async () => {
    window.history.replaceState(null, '', '/privacy-policy#cookies-and-browser-storage');
    mockApi({ 'GET /api/help-pages/privacy-policy': { body: PAGE } });
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderWithApp(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Cookies and browser storage' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled).toContain(heading);
    scrollIntoView.mockRestore();
  });

  it('says when the page cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    mockApi({ 'GET /api/help-pages/privacy-policy': () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } : { body: PAGE }) });
    renderWithApp(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the Privacy Policy.');
    // the way home is there even when the text is not
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('We keep little.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says Baitcheck can't be reached when the server does not answer", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithApp(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Baitcheck — check your connection");
  });
});

describe('Terms of Service page', () => {
  it('asks for its own page and shows it under its title with Back to Home', async () => {
    const terms = readHelpPage('terms-of-service');
    const { calls } = mockApi({ 'GET /api/help-pages/terms-of-service': { body: terms } });
    renderWithApp(<TermsOfServicePage />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('heading', { level: 2, name: '14-day money-back guarantee' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/help-pages/terms-of-service');
    // the real document's table of contents has every section
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(toc).getAllByRole('link').length).toBe(screen.getAllByRole('heading', { level: 2 }).length - 1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import type { KnowledgeBaseArticle, KnowledgeBaseArticleSummary } from '@baitcheck/contracts';
import { mockApi, renderWithApp } from '@/testing/render';
import { paths } from '@/config/paths';
import KnowledgeBasePage from './knowledge-base-page';

afterEach(() => vi.unstubAllGlobals());

const SMISHING: KnowledgeBaseArticleSummary = {
  id: 'how-to-spot-smishing',
  title: 'How to spot a smishing text',
  category: 'Security',
  summary: 'Scam texts pretend to be a bank, a courier or a toll road.',
};
const REFUNDS: KnowledgeBaseArticleSummary = {
  id: 'cancel-and-refund',
  title: 'Cancelling and the 14-day refund',
  category: 'Billing',
  summary: 'Cancel any time from Manage Subscription.',
};
const ARTICLE: KnowledgeBaseArticle = {
  ...SMISHING,
  body: '## Signs to look for\n\n- A link to a site that is not your bank\'s\n\n## What to do\n\n1. Do not tap the link.\n2. Open your bank\'s app yourself.\n\n<script>alert(1)</script>',
  sources: [
    { name: 'FTC: How to recognise scam texts', url: 'https://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages' },
    { name: 'Baitcheck: Scan for Threats screen', url: '/scan' },
  ],
  region: null,
  votes: { helpful: 2, notHelpful: 1, yours: null },
};

function listAnswer(call: { path: string }) {
  const url = new URL(call.path, 'http://localhost');
  const q = url.searchParams.get('q') ?? '';
  const category = url.searchParams.get('category');
  let articles = [SMISHING, REFUNDS];
  if (category) articles = articles.filter((a) => a.category === category);
  if (q) articles = articles.filter((a) => `${a.title} ${a.summary}`.toLowerCase().includes(q.toLowerCase()));
  return { body: { articles } };
}

function renderPage(path: string = paths.knowledgeBase, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/knowledge-base/articles': listAnswer, 'GET /api/knowledge-base/articles/how-to-spot-smishing': { body: ARTICLE }, ...extra });
  const rendered = renderWithApp(<Route path={paths.knowledgeBase} component={KnowledgeBasePage} />, { path });
  return { ...api, ...rendered };
}

describe('KnowledgeBasePage', () => {
  it('lists the articles under the category tabs, with Back to Home', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const tabs = within(screen.getByRole('tablist', { name: 'Article categories' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'General', 'Security', 'How-To', 'Account', 'Billing']);
    expect(await screen.findByRole('link', { name: /How to spot a smishing text/ })).toHaveAttribute('href', '/knowledge-base?article=how-to-spot-smishing');
    expect(screen.getByRole('link', { name: /Cancelling and the 14-day refund/ })).toBeInTheDocument();
    expect(screen.getByText('2 articles')).toBeInTheDocument();
    // someone who has just been caught is told first to call their bank, and where the steps are
    const urgent = screen.getByRole('region', { name: 'Clicked a link, shared details or paid someone?' });
    expect(urgent).toHaveTextContent(/call your bank now/);
    expect(within(urgent).getByRole('link', { name: 'what to do after clicking a link' })).toHaveAttribute('href', '/knowledge-base?article=after-clicking-a-link');
  });

  it('filters by category and searches as one types, saying No results found when nothing matches', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByRole('link', { name: /smishing/ });
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /smishing/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /14-day refund/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/knowledge-base/articles?category=Billing')).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'lottery');
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'No results found')).toBe(true));
    expect(calls.some((c) => c.path === '/api/knowledge-base/articles?q=lottery&category=Billing')).toBe(true);
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact-support');
  });

  it('opens an article from a link: its text as Markdown (no raw HTML), sources, and Back to articles', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('link', { name: /How to spot a smishing text/ }));
    const title = await screen.findByRole('heading', { level: 2, name: 'How to spot a smishing text' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('heading', { level: 3, name: 'What to do' })).toBeInTheDocument();
    expect(screen.getByText('Do not tap the link.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: /FTC: How to recognise scam texts/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Baitcheck: Scan for Threats screen' })).toHaveAttribute('href', '/scan');

    await user.click(screen.getByRole('link', { name: 'Back to articles' }));
    const link = await screen.findByRole('link', { name: /How to spot a smishing text/ });
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('stores a vote and offers more help after No, I need more help', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(`${paths.knowledgeBase}?article=how-to-spot-smishing`, {
      'POST /api/knowledge-base/articles/how-to-spot-smishing/vote': { body: { helpful: 2, notHelpful: 2, yours: false } },
    });
    expect(await screen.findByRole('heading', { name: 'Was this article helpful?' })).toBeInTheDocument();
    expect(screen.getByText('2 of 3 people found this helpful.')).toBeInTheDocument();
    const no = screen.getByRole('button', { name: 'No, I need more help' });
    expect(no).toHaveAttribute('aria-pressed', 'false');
    await user.click(no);
    await waitFor(() => expect(no).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ helpful: false });
    expect(screen.getByText(/Sorry it did not help/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ask the assistant' })).toHaveAttribute('href', '/account?tab=assistant');
    expect(screen.getByText('2 of 4 people found this helpful.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, it helped' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says in words which answer was this person’s on a later visit, and names the article in the tab’s title', async () => {
    document.title = 'Knowledge Base · Baitcheck';
    renderPage(`${paths.knowledgeBase}?article=how-to-spot-smishing`, {
      'GET /api/knowledge-base/articles/how-to-spot-smishing': { body: { ...ARTICLE, votes: { helpful: 3, notHelpful: 0, yours: true } } },
    });
    expect(await screen.findByText('Your answer: Yes, it helped.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, it helped' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.title).toBe('How to spot a smishing text · Knowledge Base · Baitcheck');
  });

  it('shows a few of each category under All, with a button to the whole category', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 6 }, (_, i) => ({ ...SMISHING, id: `scam-${i}`, title: `Scam guide ${i}` }));
    renderPage(paths.knowledgeBase, {
      'GET /api/knowledge-base/articles': (call) =>
        call.path.includes('category=Security') ? { body: { articles: many } } : { body: { articles: [...many, REFUNDS] } },
    });
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(within(security).getAllByRole('link').map((l) => l.getAttribute('data-article-id'))).toEqual(['scam-0', 'scam-1', 'scam-2', 'scam-3']);
    expect(within(screen.getByRole('region', { name: 'Billing' })).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'General' })).not.toBeInTheDocument();
    await user.click(within(security).getByRole('button', { name: 'Show all 6 Security articles' }));
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    // the button is gone: the focus goes to the tab it opened, not to the page
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Security' })).toHaveFocus());
    expect(await screen.findByRole('link', { name: /Scam guide 5/ })).toBeInTheDocument();
  });

  it('back from a shared link to an article further down a category, its link takes the focus', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 6 }, (_, i) => ({ ...SMISHING, id: `scam-${i}`, title: `Scam guide ${i}` }));
    renderPage(`${paths.knowledgeBase}?article=scam-5`, {
      'GET /api/knowledge-base/articles': { body: { articles: many } },
      'GET /api/knowledge-base/articles/scam-5': { body: { ...ARTICLE, ...many[5] } },
    });
    await user.click(await screen.findByRole('link', { name: 'Back to articles' }));
    const link = await screen.findByRole('link', { name: /Scam guide 5/ });
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('links a source only where a link in the text could go: not off-site by a path trick', async () => {
    renderPage(`${paths.knowledgeBase}?article=how-to-spot-smishing`, {
      'GET /api/knowledge-base/articles/how-to-spot-smishing': {
        body: {
          ...ARTICLE,
          sources: [
            { name: 'Protocol-relative', url: '//evil.example/src' },
            { name: 'Backslash', url: '/\\evil.example/src2' },
            { name: 'Script', url: 'javascript:alert(1)' },
          ],
        },
      },
    });
    expect(await screen.findByText('Protocol-relative')).toBeInTheDocument();
    for (const name of ['Protocol-relative', 'Backslash', 'Script']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('says when a linked article does not exist', async () => {
    renderPage(`${paths.knowledgeBase}?article=gone-article`, {
      'GET /api/knowledge-base/articles/gone-article': { status: 404, body: { error: { code: 'ARTICLE_NOT_FOUND', message: 'This help article does not exist.' } } },
    });
    expect(await screen.findByRole('heading', { name: 'We couldn’t find this article' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to articles' })).toHaveAttribute('href', '/knowledge-base');
  });
});

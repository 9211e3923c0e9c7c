import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '@/testing/render';
import { readHelpPage } from './content.testing';
import { parseFaq } from './faq';
import FaqPage from './faq-page';

const FAQ = {
  id: 'faq',
  title: 'FAQ',
  updated: '2025-04-07',
  body: [
    'Answers to common questions.',
    '## Scanning',
    '### How does it decide?',
    'Rules and a model. See the [Privacy Policy](/privacy-policy).',
    '### Is it accurate?',
    'Mostly.',
    '## Billing',
    '### How do I cancel?',
    'From Manage Subscription.',
  ].join('\n\n'),
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function renderFaq(body = FAQ) {
  mockApi({ 'GET /api/help-pages/faq': { body } });
  const result = renderWithApp(<FaqPage />, { path: '/faq' });
  await screen.findByRole('button', { name: 'Expand all' });
  return result;
}

/** The answer a question's button controls. */
const answerOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('FAQ page', () => {
  it('shows the groups and questions with every answer closed at first', async () => {
    await renderFaq();
    expect(screen.getByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(screen.getByText('Answers to common questions.')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Scanning', 'Billing']);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions.map((b) => b.textContent)).toEqual(['How does it decide?', 'Is it accurate?', 'How do I cancel?']);
    for (const button of questions) {
      // a button inside the question's heading, controlling a hidden answer
      expect(button.closest('h3')).not.toBeNull();
      expect(answerOf(button)).not.toBeVisible();
    }
    expect(screen.queryByText('Mostly.')).not.toBeVisible();
  });

  it('opens and closes an answer with a click, saying so with aria-expanded', async () => {
    await renderFaq();
    const question = screen.getByRole('button', { name: 'Is it accurate?' });
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answerOf(question)).toBeVisible();
    expect(within(answerOf(question)).getByText('Mostly.')).toBeVisible();
    // the others stay closed
    expect(screen.getByRole('button', { name: 'How does it decide?' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answerOf(question)).not.toBeVisible();
  });

  it('works from the keyboard: Tab reaches each question, Enter and Space toggle it', async () => {
    await renderFaq();
    const first = screen.getByRole('button', { name: 'How does it decide?' });
    const second = screen.getByRole('button', { name: 'Is it accurate?' });
    first.focus();
    await userEvent.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    // the open answer's link comes next in the tab order, then the next question
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveFocus();
    await userEvent.tab();
    expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens every answer with Expand all, which becomes Collapse all and keeps the focus', async () => {
    await renderFaq();
    const toggle = screen.getByRole('button', { name: 'Expand all' });
    await userEvent.click(toggle);
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(3);
    expect(toggle).toHaveTextContent('Collapse all');
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('All 3 answers shown.');
    await userEvent.click(toggle);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('All answers hidden.');
  });

  it("opens the question the address names and puts the focus on it", async () => {
    window.history.replaceState(null, '', '/faq#how-do-i-cancel');
    await renderFaq();
    const question = screen.getByRole('button', { name: 'How do I cancel?' });
    await waitFor(() => expect(question).toHaveFocus());
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('From Manage Subscription.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Is it accurate?' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a question when the address changes to it on the page', async () => {
    await renderFaq();
    window.history.pushState(null, '', '/faq#is-it-accurate');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const question = screen.getByRole('button', { name: 'Is it accurate?' });
    await waitFor(() => expect(question).toHaveAttribute('aria-expanded', 'true'));
  });

  it('says when the FAQ cannot be loaded, with Retry', async () => {
    mockApi({ 'GET /api/help-pages/faq': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } });
    renderWithApp(<FaqPage />, { path: '/faq' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the FAQ.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});

describe('the real FAQ (content/pages/faq.md)', () => {
  it('links, where anyone sees them without opening a question, to the pages the spec names', async () => {
    await renderFaq(readHelpPage('faq'));
    for (const path of ['/privacy-policy', '/subscription', '/terms-of-service', '/account', '/knowledge-base', '/contact-support']) {
      const visible = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === path);
      expect(visible.length, path).toBeGreaterThan(0);
    }
  });

  it('has groups of questions, each with an answer', () => {
    const faq = parseFaq(readHelpPage('faq').body);
    const questions = faq.groups.flatMap((g) => g.questions);
    expect(faq.groups.filter((g) => g.questions.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(questions.length).toBeGreaterThanOrEqual(20);
    for (const q of questions) {
      expect(q.question, q.id).toMatch(/\?$/);
      expect(q.answer.length, q.id).toBeGreaterThan(40);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AssistantChatResponse } from '@baitcheck/contracts';
import { AnswerSources, phoneUrl, webPageUrl } from './assistant-answer';

/** The pages of the UK reporting answer, as the server sends them. */
const UK_PAGES = [
  { name: 'NCSC: Report suspicious emails', url: 'https://www.ncsc.gov.uk/collection/phishing-scams/report-suspicious-emails' },
  { name: 'Report Fraud (formerly Action Fraud)', url: 'https://www.reportfraud.police.uk/' },
  { name: 'Police Scotland', url: 'https://www.scotland.police.uk/' },
  { name: 'Stop Scams UK: Call 159', url: 'https://stopscamsuk.org.uk/159' },
];

const SOURCES: AssistantChatResponse['sources'] = [
  {
    id: 'report-scams-uk',
    title: 'How to report scams in the United Kingdom',
    links: UK_PAGES.slice(0, 2),
  },
  {
    id: 'smishing-text-scams',
    title: 'How to spot a scam text message (smishing)',
    links: [
      // the same page twice is one link
      { name: 'Report Fraud (formerly Action Fraud)', url: 'https://www.reportfraud.police.uk/' },
      { name: 'Not a web page', url: 'javascript:alert(1)' },
      { name: 'Not one either', url: 'data:text/html,<script>alert(1)</script>' },
      { name: 'A path', url: '/account' },
      { name: 'FTC: How to recognize and report spam text messages', url: 'http://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages' },
    ],
  },
];

describe('AnswerSources', () => {
  it('says "Based on:" once, then the public pages as links that open in a new tab', () => {
    const { container } = render(<AnswerSources sources={SOURCES} />);
    expect(container.textContent?.match(/Based on:/g)).toHaveLength(1);
    expect(screen.getByText('Based on: How to report scams in the United Kingdom, How to spot a scam text message (smishing)')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Sources' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.ncsc.gov.uk/collection/phishing-scams/report-suspicious-emails',
      'https://www.reportfraud.police.uk/',
      'http://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // each link is named by its page, and says it opens a new tab
    expect(screen.getByRole('link', { name: 'NCSC: Report suspicious emails (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report Fraud (formerly Action Fraud) (opens in a new tab)' })).toBeInTheDocument();
  });

  it('never makes a link of anything but an http or https address', () => {
    render(<AnswerSources sources={SOURCES} />);
    expect(screen.queryByRole('link', { name: /Not a web page|Not one either|A path/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"], a[href^="data:"], a[href="/account"]')).toBeNull();
    expect(webPageUrl('javascript:alert(1)')).toBeNull();
    expect(webPageUrl('JAVASCRIPT:alert(1)')).toBeNull();
    expect(webPageUrl('ftp://example.com/file')).toBeNull();
    expect(webPageUrl('not a url')).toBeNull();
    expect(webPageUrl('https://www.ncsc.gov.uk/')).toBe('https://www.ncsc.gov.uk/');
  });

  it('shows the numbers to call as links a phone dials, beside every page of the UK answer', () => {
    // the UK reporting answer as the server sends it: four pages, then three numbers
    const uk: AssistantChatResponse['sources'] = [
      {
        id: 'report-scams-uk',
        title: 'How to report scams in the United Kingdom',
        links: [
          ...UK_PAGES,
          { name: 'Call 159: Stop Scams UK, to reach your bank safely', url: 'tel:159' },
          { name: 'Call 0300 123 2040: Report Fraud', url: 'tel:+443001232040' },
          { name: 'Call 101: Police Scotland', url: 'tel:101' },
        ],
      },
    ];
    render(<AnswerSources sources={uk} />);
    const calls = within(screen.getByRole('list', { name: 'Numbers to call' })).getAllByRole('link');
    expect(calls.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call 159: Stop Scams UK, to reach your bank safely', 'tel:159'],
      ['Call 0300 123 2040: Report Fraud', 'tel:+443001232040'],
      ['Call 101: Police Scotland', 'tel:101'],
    ]);
    // a call stays on the page: no new tab
    for (const a of calls) expect(a).not.toHaveAttribute('target');
    // the numbers take no page's place: all four pages are there, 159's among them
    const pages = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('link');
    expect(pages.map((a) => a.getAttribute('href'))).toEqual(UK_PAGES.map((p) => p.url));
    expect(screen.getAllByRole('link', { name: /Report Fraud \(formerly Action Fraud\)/ })).toHaveLength(1);
  });

  it('dials nothing but digits', () => {
    expect(phoneUrl('tel:159')).toBe('tel:159');
    expect(phoneUrl('tel:+443001232040')).toBe('tel:+443001232040');
    for (const bad of ['tel:159;phone-context=javascript:alert(1)', 'tel:', 'tel:12', 'tel:0300 123 2040', 'TEL:159', 'sms:7726', 'javascript:alert(1)']) expect(phoneUrl(bad), bad).toBeNull();
    render(<AnswerSources sources={[{ id: 'x', title: 'X', links: [{ name: 'Call us', url: 'tel:159;ext=1' }, { name: 'Not a number', url: 'tel:abc' }] }]} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Numbers to call' })).toBeNull();
  });

  it('shows the titles alone when the server sends no pages, and nothing without sources', () => {
    const { container, rerender } = render(<AnswerSources sources={[{ id: 'x', title: 'Bank impersonation' }]} />);
    expect(screen.getByText('Based on: Bank impersonation')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<AnswerSources sources={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

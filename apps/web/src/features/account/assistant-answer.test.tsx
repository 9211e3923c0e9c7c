import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AssistantChatResponse } from '@baitcheck/contracts';
import { AnswerSources, webPageUrl } from './assistant-answer';

const SOURCES: AssistantChatResponse['sources'] = [
  {
    id: 'report-scams-uk',
    title: 'How to report scams in the United Kingdom',
    links: [
      { name: 'NCSC: Report suspicious emails', url: 'https://www.ncsc.gov.uk/collection/phishing-scams/report-suspicious-emails' },
      { name: 'Report Fraud (formerly Action Fraud)', url: 'https://www.reportfraud.police.uk/' },
    ],
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

  it('shows the titles alone when the server sends no pages, and nothing without sources', () => {
    const { container, rerender } = render(<AnswerSources sources={[{ id: 'x', title: 'Bank impersonation' }]} />);
    expect(screen.getByText('Based on: Bank impersonation')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<AnswerSources sources={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

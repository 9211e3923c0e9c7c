import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { reportElsewhere, useBlockAction, useReportAction } from './use-feedback-actions';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Block() {
  const { block } = useBlockAction();
  return (
    <button type="button" onClick={() => block('+15551234')}>
      Block Sender
    </button>
  );
}

function ReportById({ source }: { source?: 'sms' | 'email' | 'social' }) {
  const { report } = useReportAction();
  return (
    <button type="button" onClick={() => report({ kind: 'report', messageId: 'm1' }, source)}>
      Report
    </button>
  );
}

describe('Block Sender', () => {
  it('says what blocking in Baitcheck does, and that the phone needs blocking too', async () => {
    const { calls } = mockApi({ 'POST /api/blocked-senders': { status: 201, body: {} } });
    renderWithApp(<Block />);
    await userEvent.click(screen.getByRole('button', { name: 'Block Sender' }));
    expect(await screen.findByText('Sender blocked')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Added to your blocked senders: future scans of their messages will warn you. Baitcheck can't stop them reaching your phone: block them in your messages, WhatsApp or email app too.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Messages from the sender will be blocked.')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ sender: '+15551234' });
  });
});

describe('Report', () => {
  it('names where else to report, by how the message arrived', async () => {
    mockApi({ 'POST /api/reports': { status: 201, body: {} } });
    renderWithApp(<ReportById source="email" />);
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    // (getAll: a screen reader's copy of the toast may still be there)
    expect(screen.getAllByText(/report@phishing\.gov\.uk \(UK\) or reportphishing@apwg\.org \(US\)/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/7726/)).not.toBeInTheDocument();
  });

  it('has a sentence for each way a message arrives', () => {
    expect(reportElsewhere('sms')).toContain('forward the text to 7726');
    expect(reportElsewhere('social')).toContain('report it in the app where it reached you');
    expect(reportElsewhere('manual')).toMatch(/7726.*report@phishing\.gov\.uk/);
  });
});

describe('Delete', () => {
  it('has one way in the app, with Undo: only use-undoable-delete asks the server to delete a message', () => {
    const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
    const deleting = Object.entries(sources)
      .filter(([, text]) => /\bdeleteMessage\b/.test(text))
      .map(([path]) => path)
      .sort();
    // lib/api/messages.ts defines it; a second caller would be a Delete without Undo.
    expect(deleting).toEqual(['/src/components/use-undoable-delete.ts', '/src/lib/api/messages.ts']);
  });
});

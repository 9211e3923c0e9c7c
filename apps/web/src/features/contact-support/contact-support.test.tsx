import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ContactSupportInfo, ContactSupportResponse } from '@baitcheck/contracts';
import { failWith } from '@/testing/fixtures';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import ContactSupportPage from './contact-support-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GUEST_INFO: ContactSupportInfo = { supportEmail: 'support@baitcheck.example', emailConfigured: true, plan: 'basic', priority: false, accountEmail: null };
const SENT: ContactSupportResponse = { emailSent: true, supportNotified: true, confirmationSent: true, requestId: '0b6f3c1e-5d7a-4c1b-9a2e-3f4d5e6a7b8c', issueType: 'billing', priority: false };

const toasts = () => screen.getByRole('region', { name: /Notifications/ });
const field = (name: string) => screen.getByLabelText(name);

async function fillForm(user: UserEvent, values: { name?: string; email?: string; type?: string; subject?: string; message?: string } = {}) {
  const v = { name: 'Ann Lee', email: 'ann@example.com', type: 'Billing', subject: 'Refund', message: 'Please refund my last payment.', ...values };
  if (v.name) await user.type(field('Name'), v.name);
  if (v.email) await user.type(field('Email'), v.email);
  await user.selectOptions(field('Issue type'), v.type);
  if (v.subject) await user.type(field('Subject'), v.subject);
  if (v.message) {
    await user.click(field('Message'));
    await user.paste(v.message);
  }
}

function renderPage(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/contact-support': { body: GUEST_INFO }, ...routes });
  const user = userEvent.setup();
  const view = renderWithApp(<ContactSupportPage />, { path: '/contact-support' });
  return { api, user, ...view };
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

describe('Contact Support: the form', () => {
  it('shows the spec\'s fields, technical first, with the support hours and other ways to get help', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const type = field('Issue type') as HTMLSelectElement;
    expect(type.value).toBe('technical');
    expect([...type.options].map((o) => [o.value, o.text])).toEqual([
      ['technical', 'Technical issue'],
      ['billing', 'Billing'],
      ['feature', 'Feature request'],
      ['security', 'Security concern'],
      ['other', 'Other'],
    ]);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label)).toHaveValue('');
    expect(screen.getByText('0/1000 characters')).toBeInTheDocument();
    const hours = screen.getByRole('table', { name: 'Support hours' });
    expect(within(hours).getAllByRole('row').map((r) => r.textContent)).toEqual(['DayHours', 'Monday to Friday9:00-17:00 EST', 'Saturday10:00-14:00 EST', 'SundayClosed']);
    expect(screen.getByText(/Email response: usually within about 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Knowledge Base/ })).toHaveAttribute('href', '/knowledge-base');
    expect(screen.getByRole('link', { name: /Live Chat \(automated preview\)/ })).toHaveAttribute('href', '/live-chat');
    expect(screen.getByRole('link', { name: /FAQ/ })).toHaveAttribute('href', '/faq');
    expect(await screen.findByRole('link', { name: /Email us/ })).toHaveAttribute('href', 'mailto:support@baitcheck.example');
  });

  it('checks each field when the person leaves it, ties the message to it, and clears it once fixed', async () => {
    const { user } = renderPage();
    // passing through an empty field marks nothing (Tab through the form says nothing)
    await user.click(field('Name'));
    await user.tab();
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // a field typed in, then left wrong, is checked as it is left, and its message announced
    await user.type(field('Name'), 'A');
    await user.clear(field('Name'));
    await user.tab();
    const name = field('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const nameError = screen.getByRole('alert');
    expect(nameError).toHaveTextContent('Name is required');
    expect(name.getAttribute('aria-describedby')).toContain(nameError.id);
    // nothing else was touched: no other message yet
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    await user.type(field('Email'), 'ann@example');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(field('Email'), '.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');

    await user.type(field('Name'), 'Ann');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.type(field('Message'), 'Too short');
    expect(screen.getByText('9/1000 characters')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    await user.type(field('Subject'), 'x');
    await user.clear(field('Subject'));
    await user.tab();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
  });

  it('counts the message toward 1000 and says when it is over', async () => {
    const { user } = renderPage();
    await user.click(field('Message'));
    await user.paste('m'.repeat(1003));
    expect(screen.getByText('1003/1000 characters (3 too many)')).toBeInTheDocument();
    expect(field('Message').getAttribute('aria-describedby')).toContain(screen.getByText(/1003\/1000/).id);
    await user.tab();
    expect(screen.getByText('Message must be less than 1000 characters')).toBeInTheDocument();
  });

  it('on submit marks every bad field, focuses the first, and sends nothing', async () => {
    const { user, api } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    for (const message of ['Name is required', 'Please enter a valid email address', 'Subject is required', 'Message must be at least 10 characters']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(field('Name')).toHaveFocus();
    await user.type(field('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(field('Email')).toHaveFocus();
    expect(posts(api.calls)).toHaveLength(0);
  });
});

describe('Contact Support: sending', () => {
  it('sends the spec\'s payload, says Submitting... meanwhile, then shows Support Request Received; Submit Another Request keeps who is writing', async () => {
    let release!: () => void;
    const { user, api } = renderPage();
    await screen.findByRole('link', { name: /Email us/ });
    // the request waits until the test lets it answer
    api.fetchMock.mockImplementationOnce(async (_input, init) => {
      await new Promise<void>((resolve) => (release = resolve));
      api.calls.push({ method: 'POST', path: '/api/contact-support', body: JSON.parse(String(init?.body)), init: init ?? {} });
      return new Response(JSON.stringify(SENT), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    await fillForm(user, { subject: '  Refund  ' });
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeInTheDocument();
    release();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Support Request Received' });
    expect(heading).toHaveFocus();
    expect(posts(api.calls).map((c) => c.body)).toEqual([{ name: 'Ann Lee', email: 'ann@example.com', subject: 'BILLING: Refund', message: 'Please refund my last payment.' }]);
    expect(screen.getByText(SENT.requestId)).toBeInTheDocument();
    expect(screen.getByText(/We emailed a confirmation to/)).toHaveTextContent('We emailed a confirmation to ann@example.com.');
    expect(screen.getByText(/answers by email, usually within about 24 hours/)).toBeInTheDocument();
    expect(within(toasts()).getByText('Support request submitted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(field('Name')).toHaveValue('Ann Lee');
    expect(field('Email')).toHaveValue('ann@example.com');
    expect(field('Subject')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(field('Issue type')).toHaveValue('technical');
    expect(field('Subject')).toHaveFocus();
  });

  it('with emailSent false says Support request logged and, plainly, that no email went out', async () => {
    const { user } = renderPage({ 'POST /api/contact-support': { status: 201, body: { ...SENT, emailSent: false, supportNotified: false, confirmationSent: false } } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByRole('heading', { name: 'Support Request Received' });
    expect(within(toasts()).getByText('Support request logged')).toBeInTheDocument();
    expect(screen.getByText(/Your request is saved, but the emails about it could not be sent/)).toBeInTheDocument();
    expect(screen.queryByText(/We emailed a confirmation/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@baitcheck.example' })).toHaveAttribute('href', 'mailto:support@baitcheck.example');
  });

  it('says support has the request when only the confirmation was not sent', async () => {
    const { user } = renderPage({ 'POST /api/contact-support': { status: 201, body: { ...SENT, emailSent: false, confirmationSent: false } } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByRole('heading', { name: 'Support Request Received' });
    expect(screen.getByText(/Our support team has your request and answers by email, usually within about 24 hours\. No confirmation email was sent to/)).toBeInTheDocument();
    expect(screen.queryByText(/could not be sent: you will not get a confirmation, and our support team may not have been told/)).not.toBeInTheDocument();
  });

  it('on a server without email says so before and after sending', async () => {
    const { user } = renderPage({
      'GET /api/contact-support': { body: { ...GUEST_INFO, supportEmail: null, emailConfigured: false } },
      'POST /api/contact-support': { status: 201, body: { ...SENT, emailSent: false, supportNotified: false, confirmationSent: false } },
    });
    expect(await screen.findByText(/Baitcheck is not set up to send email here: your request will be saved, but no one is emailed about it/)).toBeInTheDocument();
    // no promise of an answer the server cannot send
    expect(screen.queryByText(/usually within about 24 hours/)).not.toBeInTheDocument();
    expect(screen.queryByText('We answer you at this address.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Virtual Assistant' })[0]).toHaveAttribute('href', '/account?tab=assistant');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/no one was emailed about it: you will not get a confirmation, and an answer may be slow or not come/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Email us/ })).not.toBeInTheDocument();
  });

  it('on failure shows Submission failed with the address to write to, and keeps everything typed', async () => {
    const { user } = renderPage({ 'POST /api/contact-support': failWith(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.') });
    await screen.findByRole('link', { name: /Email us/ });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await within(toasts()).findByText('Submission failed')).toBeInTheDocument();
    expect(within(toasts()).getByText('Please try again or email us directly at support@baitcheck.example')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ann Lee');
    expect(field('Email')).toHaveValue('ann@example.com');
    expect(field('Issue type')).toHaveValue('billing');
    expect(field('Subject')).toHaveValue('Refund');
    expect(field('Message')).toHaveValue('Please refund my last payment.');
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
  });

  it('shows the server\'s sentence for the hourly limit (429)', async () => {
    const limit = 'You have sent 5 support requests in the last hour, the most we take in an hour. The ones you sent are saved; you can send another in 12 minutes.';
    const { user } = renderPage({ 'POST /api/contact-support': failWith(429, 'SUPPORT_REQUESTS_LIMIT_REACHED', limit) });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await within(toasts()).findByText(limit)).toBeInTheDocument();
    expect(screen.getAllByText(limit).some((el) => el.closest('form'))).toBe(true);
    expect(field('Message')).toHaveValue('Please refund my last payment.');
  });

  it('puts the server\'s word on a field under that field', async () => {
    const { user } = renderPage({
      'POST /api/contact-support': failWith(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', [{ field: 'name', message: 'Use one line, without line breaks.' }]),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Use one line, without line breaks.')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
  });
});

describe('Contact Support: the visitor', () => {
  it('fills the email of a signed-in account, and says when the plan has priority support', async () => {
    const { user } = renderPage({ 'GET /api/contact-support': { body: { ...GUEST_INFO, plan: 'premium', priority: true, accountEmail: 'sam@example.com' } } });
    await waitFor(() => expect(field('Email')).toHaveValue('sam@example.com'));
    expect(screen.getByText(/Your plan includes priority support: your requests are answered first/)).toBeInTheDocument();
    // a cleared field stays the person's
    await user.clear(field('Email'));
    await user.type(field('Email'), 'other@example.com');
    expect(field('Email')).toHaveValue('other@example.com');
  });

  it('keeps what was typed when the person leaves the page and comes back in this tab', async () => {
    const { user, unmount } = renderPage();
    await user.type(field('Subject'), 'Half written');
    await user.type(field('Message'), 'I was writing this when');
    unmount();
    renderPage();
    expect(field('Subject')).toHaveValue('Half written');
    expect(field('Message')).toHaveValue('I was writing this when');
  });
});

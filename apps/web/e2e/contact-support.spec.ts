import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ContactSupportResponse } from '@baitcheck/contracts';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// Contact Support against the real server. The e2e server has no SMTP_URL and no SUPPORT_EMAIL:
// every request is stored and answered emailSent false ('Support request logged'); the emails
// themselves are tested against a real SMTP server in the server's integration tests.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1280] as const;
const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

/** A fresh address per test and per run, so parallel workers never share a mailbox's hourly count. */
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function openContactSupport(page: Page) {
  await page.goto('/contact-support');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
  // what the server says about email has arrived
  await expect(page.getByText(/Baitcheck is not set up to send email here/)).toBeVisible();
}

async function fill(page: Page, values: { name: string; email: string; type: string; subject: string; message: string }) {
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Issue type').selectOption({ label: values.type });
  await page.getByLabel('Subject').fill(values.subject);
  await page.getByLabel('Message').fill(values.message);
}

for (const width of WIDTHS) {
  test(`a guest sends a request by keyboard, told plainly no email went out; axe-clean at ${width}`, async ({ page }) => {
    await page.setViewportSize(sizeFor(width));
    await openContactSupport(page);
    await expect(page.getByLabel('Issue type')).toHaveValue('technical');
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `contact-support-${width}.png`));

    // Tab through an empty field marks nothing; a field typed in and left wrong says so at once, tied to the field
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Name').focus();
    await page.keyboard.type('A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toBeFocused();

    // submitting with everything missing marks each field and goes back to the first
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Please enter a valid email address', 'Subject is required', 'Message must be at least 10 characters']) await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `contact-support-errors-${width}.png`));

    const email = uniqueEmail(`guest${width}`);
    await page.keyboard.type('Ann Lee');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await expect(page.getByLabel('Issue type')).toHaveValue('other');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The scan button');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nothing happens when I press Scan Message.');
    await expect(page.getByText('42/1000 characters')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeHidden();

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact-support') && r.request().method() === 'POST');
    // past the note that this server sends no email, and its link to the assistant
    await page.keyboard.press('Tab');
    await expect(page.locator('form').getByRole('link', { name: 'Virtual Assistant' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Submit Request' })).toBeFocused();
    await page.keyboard.press('Enter');
    const response = await answered;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ name: 'Ann Lee', email, subject: 'OTHER: The scan button', message: 'Nothing happens when I press Scan Message.' });
    const body = (await response.json()) as ContactSupportResponse;
    expect(body).toMatchObject({ emailSent: false, issueType: 'other', priority: false });

    const received = page.getByRole('heading', { level: 2, name: 'Support Request Received' });
    await expect(received).toBeFocused();
    await expect(page.getByText(body.requestId)).toBeVisible();
    await expect(page.getByText('Your request is saved. Baitcheck is not set up to send email here, so no one was emailed about it: you will not get a confirmation, and an answer may be slow or not come.')).toBeVisible();
    await expect(toast(page, 'Support request logged')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `contact-support-received-${width}.png`));

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Ann Lee');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByLabel('Subject')).toBeFocused();
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByLabel('Issue type')).toHaveValue('technical');
  });
}

test('an account finds its email filled in', async ({ page }) => {
  const email = uniqueEmail('account');
  const res = await page.request.post('/api/auth/sign-up', { data: { email, password: 'long enough password' } });
  expect(res.status(), await res.text()).toBe(201);
  await openContactSupport(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('the sixth request of the hour shows the server\'s sentence and keeps what was typed', async ({ page }) => {
  await page.setViewportSize(sizeFor(390));
  await openContactSupport(page);
  // five sent already, by this visitor (the page's cookie jar), each from its own address
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/contact-support', {
      data: { name: 'Ann', email: uniqueEmail(`limit${i}`), subject: 'TECHNICAL: Earlier', message: 'An earlier request this hour.' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const values = { name: 'Ann Lee', email: uniqueEmail('sixth'), type: 'Security concern', subject: 'One more', message: 'This is the sixth request of the hour.' };
  await fill(page, values);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const sentence = /^You have sent 5 support requests in the last hour, the most we take in an hour\. The ones you sent are saved; you can send another in \d+ minutes\.$/;
  await expect(page.locator('form').getByText(sentence)).toBeVisible();
  await expect(toast(page, 'Submission failed')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(values.name);
  await expect(page.getByLabel('Email')).toHaveValue(values.email);
  await expect(page.getByLabel('Issue type')).toHaveValue('security');
  await expect(page.getByLabel('Subject')).toHaveValue(values.subject);
  await expect(page.getByLabel('Message')).toHaveValue(values.message);
  await expectNoAxeViolations(page);
});

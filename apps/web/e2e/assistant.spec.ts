import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

test.use({ reducedMotion: 'reduce' });

const CHAT_PATH = '**/api/assistant/chat';

/** Opens /account, then the Virtual Assistant tab; returns its panel. */
async function openAssistant(page: Page): Promise<Locator> {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Virtual Assistant' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Virtual Assistant' });
  await expect(panel.getByRole('log', { name: 'Conversation with the assistant' })).toBeVisible();
  return panel;
}

const parts = (panel: Locator) => ({
  log: panel.getByRole('log', { name: 'Conversation with the assistant' }),
  input: panel.getByRole('textbox', { name: 'Message to the assistant' }),
  send: panel.getByRole('button', { name: 'Send message' }),
  clear: panel.getByRole('button', { name: 'Clear conversation' }),
  assistantMessages: panel.locator('[data-role="assistant"]'),
  userMessages: panel.locator('[data-role="user"]'),
});

test('answers a question about reporting, and gives a verdict on a pasted phishing text', async ({ page }) => {
  const panel = await openAssistant(page);
  const { log, input, assistantMessages, userMessages } = parts(panel);
  await expect(assistantMessages).toHaveCount(1);
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log).toContainText('never ask for your passwords');

  const firstAnswer = page.waitForResponse((r) => r.url().endsWith('/api/assistant/chat') && r.request().method() === 'POST');
  await input.fill('How do I report a scam text in the US?');
  await input.press('Enter');
  expect((await firstAnswer).status()).toBe(200);
  await expect(assistantMessages).toHaveCount(2);
  await expect(userMessages).toHaveCount(1);
  await expect(assistantMessages.nth(1)).toContainText('7726');
  // every message carries its time in hours and minutes
  await expect(log.locator('time')).toHaveCount(3);
  for (const time of await log.locator('time').allTextContents()) expect(time).toMatch(/\d{2}:\d{2}/);

  const second = page.waitForRequest((r) => r.url().endsWith('/api/assistant/chat') && r.method() === 'POST');
  await input.fill(SAMPLES.phishing);
  await input.press('Enter');
  const body = (await second).postDataJSON() as { query: string; history: { role: string; content: string }[] };
  expect(body.query).toBe(SAMPLES.phishing);
  expect(body.history.map((t) => t.role)).toEqual(['user', 'assistant']);
  expect(body.history[0]?.content).toBe('How do I report a scam text in the US?');

  const verdict = assistantMessages.nth(2);
  await expect(verdict).toBeVisible();
  await expect(verdict.getByText('Phishing Detected')).toBeVisible();
  await expect(verdict.getByText('Phishing', { exact: true })).toBeVisible();
  // the newest message is scrolled into view inside the 400 px log
  const box = await log.boundingBox();
  expect(box?.height).toBe(400);
  await expect(verdict).toBeInViewport();
});

test('stays with the pasted message only for questions about it; quotes what each reason saw; names its sources once, as links', async ({ page }) => {
  const panel = await openAssistant(page);
  const { input, assistantMessages } = parts(panel);
  const ask = async (question: string, count: number) => {
    await input.fill(question);
    await input.press('Enter');
    await expect(assistantMessages).toHaveCount(count);
    return assistantMessages.nth(count - 1);
  };

  const verdict = await ask(
    'Is this a scam? Chase Fraud Alert: Did you attempt a purchase of $1,249.00 at Walmart? If NOT, call 1-888-555-0142 immediately to secure your account.',
    2,
  );
  await expect(verdict.getByText('Phishing Detected')).toBeVisible();
  // the callback-number reason quotes the call and the number, not "Fraud"
  await expect(verdict).toContainText('Tells you to call a phone number given in the message: "call 1-888-555-0142"');

  const why = await ask('why?', 3);
  await expect(why).toContainText('Here is why I said it looks like phishing');

  // a new question of its own, right after: answered from the guidance, not about the message
  const report = await ask('how do I report a scam text in the UK', 4);
  await expect(report).toContainText('7726');
  await expect(report).not.toContainText('About the message you showed me');
  await expect(report.getByText('Phishing Detected')).toHaveCount(0);
  // "Based on:" once, then the pages it rests on as links opening a new tab
  expect((await report.innerText()).match(/Based on:/g)).toHaveLength(1);
  const sources = report.getByRole('list', { name: 'Sources' }).getByRole('link');
  expect(await sources.count()).toBeGreaterThan(0);
  for (const link of await sources.all()) {
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\S.* \(opens in a new tab\)$/);
  }
  await expect(report.getByRole('link', { name: 'Report Fraud (formerly Action Fraud) (opens in a new tab)' })).toHaveAttribute('href', 'https://www.reportfraud.police.uk/');

  // "does Amazon really text about refunds?" is a question of its own too
  const amazon = await ask('does Amazon really text about refunds?', 5);
  await expect(amazon).toContainText('Amazon');
  await expect(amazon.getByText('Phishing Detected')).toHaveCount(0);

  // a follow-up that says "it" is about the message again
  const safeToCall = await ask('is it safe to call?', 6);
  await expect(safeToCall).toContainText("No. The message you showed me looks like phishing, so don't act on it.");
  await expect(safeToCall.getByText('Phishing Detected')).toBeVisible();

  // the links are reachable by keyboard and stay out of the answer's own text
  await report.getByRole('link').first().focus();
  await expect(report.getByRole('link').first()).toBeFocused();
  await expectNoAxeViolations(page);
});

test('Shift+Enter makes a new line; the controls wait for the reply; clear starts over', async ({ page }) => {
  const panel = await openAssistant(page);
  const { log, input, send, clear, assistantMessages, userMessages } = parts(panel);

  let releaseReply: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseReply = resolve));
  await page.route(CHAT_PATH, async (route) => {
    await held;
    await route.continue();
  });

  await input.click();
  await page.keyboard.type('Is this real?');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Your parcel is waiting');
  await expect(input).toHaveValue('Is this real?\nYour parcel is waiting');
  await expect(userMessages).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(userMessages).toHaveCount(1);
  await expect(userMessages.first()).toContainText('Is this real?\nYour parcel is waiting');
  await expect(input).toBeDisabled();
  await expect(send).toBeDisabled();
  await expect(log.getByText('The assistant is typing…')).toBeAttached();

  releaseReply();
  await expect(assistantMessages).toHaveCount(2);
  await expect(input).toBeEnabled();
  await expect(send).toBeEnabled();
  await expect(input).toBeFocused();
  await expect(log.getByText('The assistant is typing…')).toHaveCount(0);

  // whitespace alone is not sent
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await send.click();
  await expect(userMessages).toHaveCount(1);

  await clear.click();
  await expect(assistantMessages).toHaveCount(1);
  await expect(userMessages).toHaveCount(0);
  await expect(log).toContainText('never ask for your passwords');
});

test('a failed reply shows the error toast and keeps the question', async ({ page }) => {
  const panel = await openAssistant(page);
  const { input, send, assistantMessages, userMessages } = parts(panel);
  await page.route(CHAT_PATH, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UNAVAILABLE","message":"down"}}' }));
  await input.fill('Anyone there?');
  await send.click();
  await expect(page.getByText('Unable to get a response. Please try again later.', { exact: true })).toBeVisible();
  await expect(userMessages).toHaveCount(1);
  await expect(assistantMessages).toHaveCount(1);
  await expect(input).toBeEnabled();
});

test('no axe violations on the tab; screenshots at 390 and 1280 px', async ({ page }) => {
  // axe on every tab at two widths, and whole-page screenshots: well over a minute on a busy 2-core machine
  test.slow();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const panel = await openAssistant(page);
    const { input, assistantMessages } = parts(panel);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-assistant-${width}.png`));

    await input.fill('What should I do if I clicked a link in a scam text?');
    await input.press('Enter');
    await expect(assistantMessages).toHaveCount(2);
    await input.fill(SAMPLES.phishing);
    await input.press('Enter');
    await expect(assistantMessages.nth(2).getByText('Phishing Detected')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-assistant-chat-${width}.png`));
  }
});

test('a field reached by Tab is never hidden under the bottom navigation (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = await openAssistant(page);
  const { input } = parts(panel);
  await page.getByRole('tab', { name: 'Virtual Assistant' }).focus();
  for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const field = (await input.boundingBox())!;
  const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(nav.y);
});

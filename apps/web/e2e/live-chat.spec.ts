import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// The simulated Live Chat (spec section 2): local to the page, no server call.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1280] as const;
const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

const BILLING_QUESTION = 'How do I get a refund for my subscription?';

const parts = (page: Page) => ({
  start: page.getByRole('button', { name: 'Start Chat' }),
  end: page.getByRole('button', { name: 'End Chat' }),
  log: page.getByRole('log', { name: 'Conversation with Sam' }),
  input: page.getByRole('textbox', { name: 'Message to Sam' }),
  send: page.getByRole('button', { name: 'Send message' }),
  typing: page.getByRole('status').filter({ hasText: 'Sam is typing…' }),
  agentMessages: page.locator('[data-sender="agent"]'),
  userMessages: page.locator('[data-sender="user"]'),
  toast: (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true }),
});

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Every request the page makes from now on, so a test can show the chat sent nothing. */
function recordRequests(page: Page) {
  const seen: { method: string; url: string; body: string }[] = [];
  page.on('request', (request) => seen.push({ method: request.method(), url: request.url(), body: request.postData() ?? '' }));
  return seen;
}

test('keyboard only: start a chat, ask about billing, see the typing then the reply, end the chat', async ({ page }) => {
  await page.setViewportSize(sizeFor(1280));
  await page.goto('/live-chat');
  const chat = parts(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Live Chat' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'This chat is an automated preview' })).toContainText('No person reads or answers it');
  const requests = recordRequests(page);

  await tabTo(page, chat.start);
  await page.keyboard.press('Enter');
  await expect(chat.input).toBeFocused();
  await expect(chat.agentMessages).toHaveCount(1);
  await expect(chat.agentMessages.first()).toContainText("Hi, I'm Sam, Baitcheck's automated help.");

  // Enter on an empty or blank box sends nothing
  await page.keyboard.press('Enter');
  await page.keyboard.type('   ');
  await expect(chat.send).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(chat.userMessages).toHaveCount(0);
  await expect(chat.typing).toHaveCount(0);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');

  // Shift+Enter is a new line; Enter sends
  await page.keyboard.type('Hello');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(BILLING_QUESTION);
  await expect(chat.input).toHaveValue(`Hello\n${BILLING_QUESTION}`);
  await expect(chat.userMessages).toHaveCount(0);
  await page.keyboard.press('Enter');
  const sentAt = Date.now();
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.userMessages.first()).toContainText(BILLING_QUESTION);
  await expect(chat.input).toHaveValue('');
  await expect(chat.input).toBeFocused();

  await expect(chat.typing).toBeVisible();
  const reply = chat.agentMessages.nth(1);
  await expect(reply).toContainText('Plans are on the Upgrade page', { timeout: 5000 });
  // the reply came after the typing time, not at once (1.5 s at the shortest)
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1400);
  await expect(chat.typing).toHaveCount(0);
  await expect(reply.getByRole('link', { name: 'Upgrade page' })).toHaveAttribute('href', '/subscription');
  await expect(reply.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription?manage=true');

  // the chat is 400 px tall and shows its newest message
  expect((await chat.log.boundingBox())?.height).toBe(400);
  await expect(reply).toBeInViewport();
  await expectNoAxeViolations(page);

  // nothing typed left the page
  for (const request of requests) {
    expect(`${request.url} ${request.body}`).not.toContain('refund');
    expect(request.method, request.url).toBe('GET');
  }

  await tabTo(page, chat.end, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(chat.toast('Chat ended')).toBeVisible();
  await expect(chat.log).toHaveCount(0);
  await expect(chat.start).toBeFocused();
});

test('the welcome is added to a conversation log already on the page, so a screen reader reads it', async ({ page }) => {
  await page.goto('/live-chat');
  const chat = parts(page);
  await expect(chat.start).toBeVisible();
  // how many messages the log held when it first appeared
  await page.evaluate(() => {
    const w = window as { logFirstSeenWith?: number };
    new MutationObserver((_, observer) => {
      const log = document.querySelector('[role="log"]');
      if (!log) return;
      w.logFirstSeenWith = log.querySelectorAll('[data-sender]').length;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await chat.start.click();
  await expect(chat.input).toBeFocused();
  await expect(chat.agentMessages).toHaveCount(1);
  await expect(chat.agentMessages.first()).toContainText("I'm not a person");
  expect(await page.evaluate(() => (window as { logFirstSeenWith?: number }).logFirstSeenWith)).toBe(0);
});

test('someone who typed in their card number is told to call the bank now; the chat and the draft survive a link followed and Back', async ({ page }) => {
  await page.goto('/live-chat');
  const chat = parts(page);
  await chat.start.click();
  await chat.input.fill('I typed my card number into the website');
  await chat.input.press('Enter');
  const reply = chat.agentMessages.nth(1);
  await expect(reply).toContainText('If you shared card or bank details or paid someone, call your bank now on the number on the back of your card.', {
    timeout: 5000,
  });
  await expect(reply.getByRole('link', { name: 'what to do after clicking a link' })).toHaveAttribute('href', '/knowledge-base?article=after-clicking-a-link');
  await expect(reply).not.toContainText('Plans are on the');

  await chat.input.fill('Is this a real person?');
  await chat.input.press('Enter');
  await expect(chat.agentMessages.nth(2)).toContainText('No. This chat is an automated preview: no person reads it', { timeout: 5000 });
  await chat.input.fill('half typed');

  // follow the Scan link in the reply, then come back
  await reply.getByRole('link', { name: 'Scan' }).click();
  await expect(page).toHaveURL(/\/scan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan for Threats' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/live-chat$/);
  await expect(chat.userMessages).toHaveCount(2);
  await expect(chat.agentMessages).toHaveCount(3);
  await expect(chat.userMessages.first()).toContainText('I typed my card number into the website');
  await expect(chat.input).toHaveValue('half typed');
  await expectNoAxeViolations(page);

  // End Chat forgets it: a reload comes back to the start view
  await chat.end.click();
  await expect(chat.toast('Chat ended')).toBeVisible();
  await page.reload();
  await expect(chat.start).toBeVisible();
  await expect(chat.log).toHaveCount(0);
});

test('a reply still due when the chat ends never arrives', async ({ page }) => {
  await page.goto('/live-chat');
  const chat = parts(page);
  await chat.start.click();
  await chat.input.fill('Is this link a scam?');
  await chat.input.press('Enter');
  await expect(chat.typing).toBeVisible();
  await chat.end.click();
  await expect(chat.toast('Chat ended')).toBeVisible();
  await chat.start.click();
  // longer than the longest typing time
  await page.waitForTimeout(3500);
  await expect(chat.agentMessages).toHaveCount(1);
  await expect(chat.userMessages).toHaveCount(0);
});

for (const width of WIDTHS) {
  test(`start view, a conversation and the Support Hours tab have no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize(sizeFor(width));
    await page.goto('/live-chat');
    const chat = parts(page);
    await expect(chat.start).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `live-chat-start-${width}.png`));

    await chat.start.click();
    await chat.input.fill('I got a text with a link, is it a scam?');
    await chat.input.press('Enter');
    await expect(chat.typing).toBeVisible();
    await expectNoAxeViolations(page);
    const scanReply = chat.agentMessages.nth(1);
    await expect(scanReply.getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan', { timeout: 5000 });
    await chat.input.fill('Where do I change my alerts?');
    await chat.input.press('Enter');
    await expect(chat.agentMessages.nth(2).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings?tab=notifications', {
      timeout: 5000,
    });
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `live-chat-conversation-${width}.png`));

    // Support Hours by keyboard: arrow from the Live Chat tab
    await page.getByRole('tab', { name: 'Live Chat' }).focus();
    await page.keyboard.press('ArrowRight');
    const hours = page.getByRole('tabpanel', { name: 'Support Hours' });
    await expect(hours).toBeVisible();
    await expect(hours.getByText(/^Support team now: (open|closed) \(EST\)$/)).toBeVisible();
    await expect(hours.getByRole('row', { name: 'Monday to Friday 9:00-17:00 EST' })).toBeVisible();
    await expect(hours.getByRole('row', { name: 'Saturday 10:00-14:00 EST' })).toBeVisible();
    await expect(hours.getByRole('row', { name: 'Sunday Closed' })).toBeVisible();
    await expect(hours).toContainText('About 24 hours');
    await expect(hours).toContainText('Chat with a personNot available yet (this chat is an automated preview)');
    await expect(hours).not.toContainText('9am');
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `live-chat-hours-${width}.png`));

    // back on the chat, the conversation is still there
    await page.keyboard.press('ArrowLeft');
    await expect(chat.agentMessages).toHaveCount(3);
  });
}

import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// What a worried person meets on a phone: the verdict and what to do first, then the message,
// then the reasons; a safe message without warnings; a long one that does not bury the reasons;
// and, by keyboard alone, back to the message box after 'Scan New Content'.

const PARCEL = 'USPS: Your package is on hold due to an unpaid $1.99 redelivery fee. Pay now at https://usps-redelivery.top/pay within 24 hours';
const HI_MUM = 'Hi Mum, running about 20 mins late';

async function scan(page: Page, content: string, sender = '') {
  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(content);
  if (sender) await page.getByLabel('Sender').fill(sender);
  await page.getByLabel('Message type').selectOption('sms');
  await page.getByRole('button', { name: 'Scan Message' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result).toBeVisible();
  return result;
}

test('on a phone, what to do comes first, the serious reasons next, and the small signs wait', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const result = await scan(page, PARCEL, '+15551234567');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeFocused();

  const doNow = result.getByTestId('what-to-do');
  await expect(doNow).toHaveText("What to do now: Don't tap the link or pay anything. If you already paid, call your bank now.");
  // on screen as the result opens, without scrolling
  await expect(doNow).toBeInViewport();
  const box = await doNow.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(844);

  const reasons = result.getByRole('region', { name: 'Reasons' });
  await expect(reasons.getByText('Claims a parcel is held and asks for a fee or your address details')).toBeVisible();
  await expect(reasons.getByText('Artificial time pressure')).toHaveCount(0);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'result-phishing-390.png'));

  await reasons.getByRole('button', { name: /More details/ }).click();
  await expect(reasons.getByText('Artificial time pressure')).toBeVisible();
  await result.getByRole('button', { name: 'Threat Intelligence Details' }).click();
  const domain = result.getByRole('region', { name: 'Domain information' });
  // Found on no list: our own checks say so, not that it is 'known'.
  await expect(domain.getByText('Looks dangerous by our own checks')).toBeVisible();
  await expect(result.getByText('Known to be dangerous')).toHaveCount(0);
  await expect(result.getByText('Flagged suspicious')).toHaveCount(0);

  // By keyboard: the button keeps the focus (a disabled one dropped it to the page) and says Reported.
  await result.getByRole('button', { name: 'Report' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Message reported', { exact: true })).toBeVisible();
  await expect(result.getByTestId('report-elsewhere')).toContainText('forward the text to 7726');
  await expect(result.getByRole('button', { name: 'Reported', exact: true })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reported');
  await expectNoAxeViolations(page);
});

test('a safe message shows no warnings or highlights', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const result = await scan(page, HI_MUM);
  await expect(result.getByRole('heading', { name: 'Content Appears Safe' })).toBeVisible();
  await expect(result.getByText(HI_MUM, { exact: true })).toBeVisible();
  await expect(result.locator('mark')).toHaveCount(0);
  await expect(result.getByText('Artificial time pressure')).toHaveCount(0);
  await expect(result.getByTestId('what-to-do')).toHaveCount(0);
  await expect(result.getByText('No suspicious elements detected.')).toBeVisible();
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'result-safe-390.png'));
  await expectNoAxeViolations(page);
});

test('a 5,000-word message shows its first lines, and the reasons stay near the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const filler = Array.from({ length: 5000 }, (_, i) => ['Dear', 'customer,', 'we', 'have', 'updated', 'our', 'terms.'][i % 7]).join(' ');
  const content = `URGENT: your PayPal account is limited. ${filler} Click here to restore access: http://paypa1-secure.com/login`;
  const result = await scan(page, content);
  const message = result.getByRole('region', { name: 'Analyzed message' });
  await expect(message.locator('mark', { hasText: 'URGENT' })).toBeVisible();
  await expect(message.locator('mark', { hasText: 'http://paypa1-secure.com/login' })).toHaveCount(0);
  const heading = await result.getByRole('heading', { name: 'Phishing Detected' }).boundingBox();
  const reasons = await result.getByRole('heading', { name: 'Reasons' }).boundingBox();
  expect(reasons!.y - heading!.y).toBeLessThan(844);

  const show = message.getByRole('button', { name: 'Show full message' });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(message.locator('mark', { hasText: 'http://paypa1-secure.com/login' })).toBeVisible();
  await expect(message.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
});

test('by keyboard: Scan New Content puts the cursor back in the message box, and in the URL box after a link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const result = await scan(page, PARCEL);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'result-phishing-1280.png'));
  await result.getByRole('button', { name: 'Scan New Content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Message to scan')).toBeFocused();
  await page.keyboard.type(HI_MUM);
  await expect(page.getByLabel('Message to scan')).toHaveValue(HI_MUM);

  await page.getByRole('tab', { name: 'URL' }).click();
  await page.getByLabel('URL to scan').fill('http://paypa1-login.com/signin');
  await page.getByRole('button', { name: 'Scan URL' }).click();
  const urlResult = page.getByTestId('scan-result');
  await expect(urlResult.getByTestId('what-to-do')).toContainText("Don't open this link");
  await urlResult.getByRole('button', { name: 'Scan New Content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('URL to scan')).toBeFocused();
});

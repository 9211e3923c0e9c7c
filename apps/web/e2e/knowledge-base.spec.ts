import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

test.use({ reducedMotion: 'reduce' });

test('search, open an article, vote, and come back to the list', async ({ page }) => {
  await page.goto('/knowledge-base');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await search.fill('smishing');
  // the search has run (the list changes once typing pauses)
  await expect(page.getByRole('status').filter({ hasText: /articles? for “smishing”/ })).toBeVisible();
  const result = page.getByRole('link', { name: /smishing/i }).first();
  await expect(result).toBeVisible();
  const title = (await result.locator('span span').first().textContent())!.trim();
  await result.click();

  await expect(page).toHaveURL(/\/knowledge-base\?article=[a-z0-9-]+$/);
  const heading = page.getByRole('heading', { level: 2, name: title });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('heading', { level: 3, name: 'What to do' })).toBeVisible();
  await expectNoAxeViolations(page);

  // the counts before this person's vote (a repeated run finds earlier votes)
  const id = new URL(page.url()).searchParams.get('article')!;
  const before = (await (await page.request.get(`/api/knowledge-base/articles/${id}`)).json()).votes as { helpful: number; notHelpful: number };
  const voters = before.helpful + before.notHelpful + 1;
  const counts = `${before.helpful + 1} of ${voters} ${voters === 1 ? 'person' : 'people'} found this helpful.`;

  const yes = page.getByRole('button', { name: 'Yes, it helped' });
  await yes.click();
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Thank you for telling us.')).toBeVisible();
  await expect(page.getByText(counts)).toBeVisible();

  // the vote is stored: a reload (a shared link) shows it as this person's
  await page.reload();
  await expect(page.getByRole('button', { name: 'Yes, it helped' })).toHaveAttribute('aria-pressed', 'true');

  // another person sees the count, not the vote as theirs
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  await stranger.goto(page.url());
  await expect(stranger.getByRole('button', { name: 'Yes, it helped' })).toHaveAttribute('aria-pressed', 'false');
  await expect(stranger.getByText(counts)).toBeVisible();
  await other.close();

  await page.getByRole('link', { name: 'Back to articles' }).click();
  await expect(page).toHaveURL(/\/knowledge-base$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('category tabs by keyboard, and No results found', async ({ page }) => {
  await page.goto('/knowledge-base');
  const tabs = page.getByRole('tablist', { name: 'Article categories' });
  await expect(tabs.getByRole('tab')).toHaveText(['All', 'General', 'Security', 'How-To', 'Account', 'Billing']);
  await tabs.getByRole('tab', { name: 'All' }).focus();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^\d+ articles?$/)).toBeVisible();
  const billing = (await (await page.request.get('/api/knowledge-base/articles?category=Billing')).json()).articles as { id: string }[];
  expect(billing.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('tabpanel').getByRole('link')).toHaveCount(billing.length);
  for (const link of await page.getByRole('tabpanel').getByRole('link').all()) {
    expect(billing.map((a) => a.id)).toContain(await link.getAttribute('data-article-id'));
  }

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('xylophonequasar');
  await page.keyboard.press('Enter');
  // said in the list's status (for screen readers) and shown in the empty list's box
  await expect(page.getByRole('status').filter({ hasText: /^No results found$/ })).toHaveCount(1);
  await expect(page.getByText('No results found').last()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a deep link opens the article; a link to no article says so', async ({ page }) => {
  const list = await (await page.request.get('/api/knowledge-base/articles?category=Billing')).json();
  const first = list.articles[0] as { id: string; title: string };
  await page.goto(`/knowledge-base?article=${first.id}`);
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
  await page.goto('/knowledge-base?article=no-such-article');
  await expect(page.getByRole('heading', { name: 'We couldn’t find this article' })).toBeVisible();
});

for (const width of [390, 1280] as const) {
  test(`looks right at ${width} px (list and article)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/knowledge-base');
    await expect(page.getByText(/^\d+ articles$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `knowledge-base-${width}.png`));
    await page.getByRole('tabpanel').getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Was this article helpful?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `knowledge-base-article-${width}.png`));
  });
}

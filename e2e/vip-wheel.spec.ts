import { describe, expect, it } from 'vitest';
import { guestFunded, JOURNEY, journeySetup, phonePage, screenshot } from './fixtures.ts';

/**
 * The VIP wheel (vip-roulette, issue 18, decision 026) on an English-speaking brand (US dollars): a $1,000 deposit lifts
 * a guest past VIP 1, each level reached gives one ticket; the player spins, sees the result, changes the seed to reveal
 * the old one and verifies the spin in the browser; then the page in Portuguese.
 */
const journey = journeySetup([JOURNEY.host]);

describe('VIP wheel, through the real server and Chromium', () => {
  it('A player reaches VIP levels, spins the wheel with a ticket, and verifies the spin after changing the seed', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 1_000_00);

    // The VIP club links to the wheel; the loyalty pass (every 5 s) grants the tickets.
    await page.goto(`http://${JOURNEY.host}/#/vip-club`);
    await page.getByRole('link', { name: 'VIP wheel' }).click();
    await page.waitForURL(/#\/vip-roulette$/);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: /Tickets left/ }).waitFor();
          return (await page.getByRole('heading', { name: /Tickets left/ }).textContent()) ?? '';
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toMatch(/Tickets left: [1-9]/);
    await page.getByRole('img', { name: /Prize wheel with 8 prizes/ }).waitFor();
    await page.getByText('You have not spun the wheel yet.').waitFor();
    // Every prize's chance is printed (weights 3000/3000/2000/1200/600/150/45/5 of 10,000), slices drawn to match.
    const chances = page.getByRole('table');
    await expect.poll(() => chances.getByRole('row').count()).toBe(9);
    expect((await chances.getByRole('row').nth(1).textContent()) ?? '').toMatch(/Try again\s*30%/);
    expect((await chances.getByRole('row').nth(8).textContent()) ?? '').toMatch(/0\.05%/);
    await screenshot(page, 'vip-wheel-before');

    const tickets = Number(/(\d+)/.exec((await page.getByRole('heading', { name: /Tickets left/ }).textContent()) ?? '')![1]);
    // The player picks the client seed: a space is refused before any request, a plain word is used for the spin.
    const seedField = page.getByLabel('Your client seed');
    await seedField.fill('my seed');
    await page.getByText('Use 1 to 64 letters, digits or symbols, without spaces.').waitFor();
    expect(await page.getByRole('button', { name: 'Spin the wheel' }).isDisabled()).toBe(true);
    await seedField.fill('lucky-piranha-42');
    await page.getByRole('button', { name: 'Spin the wheel' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /You won|No prize this time/ })
      .waitFor();
    await page.getByRole('heading', { name: `Tickets left: ${tickets - 1}` }).waitFor();
    await page.getByText('Change seed to verify').waitFor();
    await page.locator('dd', { hasText: 'lucky-piranha-42' }).waitFor();
    // The wheel turns (a CSS transition) before it rests on the prize: wait for it to finish.
    await page
      .getByRole('img', { name: /Prize wheel/ })
      .evaluate((wheel) => Promise.all(wheel.getAnimations().map((animation) => animation.finished)).then(() => undefined));
    await screenshot(page, 'vip-wheel-spun');

    await page.getByRole('button', { name: 'Change seed and reveal the old one' }).click();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'vip-wheel-verified');
    await page.getByText('New seed committed', { exact: false }).waitFor({ state: 'detached' });

    await page.goto(`http://${JOURNEY.host}/#/setting/language`);
    await page.getByText('Português').click();
    await page.getByRole('heading', { name: 'Idioma', level: 1 }).waitFor();
    await page.getByText('Language changed').waitFor();
    await page.getByText('Language changed').waitFor({ state: 'detached' });
    await page.goto(`http://${JOURNEY.host}/#/vip-roulette`);
    await page.getByRole('heading', { name: /Bilhetes restantes/ }).waitFor();
    await page.getByRole('button', { name: 'Verificar', exact: true }).waitFor();
    await screenshot(page, 'vip-wheel-pt');
    await context.close();
  });
});

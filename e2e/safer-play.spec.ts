import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  guestSignInPt,
  bettorFund,
  JOURNEY,
  journeySetup,
  mailboxCode,
  phonePage,
  screenshot,
  signUpAccept,
  welcomeDismiss,
  journeyMoneyRe,
  slipPlaceRefused,
  slipPlaceTap,
  SLIP_PT,
} from './fixtures.ts';

// Safer play (issue 20, decision 027): a funded guest on the journey brand sets a daily deposit limit from /setting, is refused the
// deposit that would pass it (with when it resets), then takes a time-out and is kept out of betting.

const BRAZIL = 'piranha.com.br';
const journey = journeySetup([JOURNEY.host, BRAZIL]);

async function saferPlayOpen(page: Page, host: string = JOURNEY.host): Promise<void> {
  await page.goto(`http://${host}/#/setting`);
  await page.getByTestId('safer-play-row').click();
  await page.waitForURL(/#\/setting\/safer-play$/);
  await page.getByTestId('limit-save').waitFor();
}

/** Taps the first open price of an upcoming soccer match, so the slip holds one pick. */
async function onePick(page: Page): Promise<void> {
  await page.goto(`http://${JOURNEY.host}/#/sport`);
  await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
  const price = page.locator('article[data-match-id] button[data-odds]:enabled').first();
  await price.waitFor();
  await price.click();
  await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
}

describe('Safer play, through the real server and Chromium', () => {
  it('a daily deposit limit refuses the deposit past it; a time-out keeps the player out of betting', async () => {
    const { context, page } = await phonePage(journey.browser);
    await bettorFund(page, journey.server);

    // $1,000 already deposited today: a $1,200 daily limit leaves $200.
    await saferPlayOpen(page);
    await page.getByTestId('limit-kind').selectOption('deposit');
    await page.getByTestId('limit-period').selectOption('day');
    await page.getByTestId('limit-amount').fill('1200');
    await page.getByTestId('limit-save').click();
    const row = page.getByTestId('limit-deposit-day');
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Daily deposit limit.*1,200\.00.*1,000\.00 used · resets/);
    // A raise waits the cooling period and shows as pending.
    await page.getByTestId('limit-amount').fill('5000');
    await page.getByTestId('limit-save').click();
    await expect
      .poll(
        async () =>
          (await row
            .getByTestId('limit-pending')
            .textContent()
            .catch(() => '')) ?? '',
      )
      .toMatch(new RegExp(String.raw`Changes to ${journeyMoneyRe}5,000\.00 on`));
    await screenshot(page, 'safer-play-limits-en');

    // The deposit page refuses $500 with the reason and when it resets.
    await page.goto(`http://${JOURNEY.host}/#/deposit`);
    const invite = page.getByRole('dialog');
    if (await invite.isVisible().catch(() => false)) await invite.getByRole('button', { name: /guest/i }).click();
    await page.getByLabel('Amount', { exact: true }).fill('500');
    await page.getByRole('button', { name: new RegExp(String.raw`Deposit ${journeyMoneyRe}500\.00`) }).click();
    await expect
      .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 15_000 })
      .toMatch(/reached your deposit limit for this period\. Resets /);
    await screenshot(page, 'safer-play-deposit-refused-en');

    // A 24-hour time-out, confirmed, is in force at once.
    await saferPlayOpen(page);
    await page.getByTestId('time-out-start').click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect.poll(async () => (await confirm.textContent()) ?? '').toContain('24 hours');
    await screenshot(page, 'safer-play-confirm-en');
    await confirm.getByTestId('block-confirm').click();
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('block-status')
            .textContent()
            .catch(() => '')) ?? '',
      )
      .toMatch(/On a time-out until/);
    await page.getByTestId('block-status').scrollIntoViewIfNeeded();
    await screenshot(page, 'safer-play-timed-out-en');

    // Still allowed during the time-out: the activity statement, on screen and as a CSV file.
    const totals = page.getByTestId('statement-totals');
    await totals.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await totals.textContent()) ?? '').toMatch(new RegExp(String.raw`Deposits${journeyMoneyRe}1,000\.00`));
    await screenshot(page, 'safer-play-statement-en');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-download').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Date,Currency,Deposits,Withdrawals,Stakes,Returns,Net result,Tax withheld');
    expect(csv).toMatch(new RegExp(String.raw`\r\nTotal,${JOURNEY.currency},1000\.00,0\.00,0\.00,0\.00,0\.00,0\.00\r\n$`));

    // The slip refuses a bet, naming the time-out and when it ends.
    await onePick(page);
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    await slipPlaceTap(page);
    await expect.poll(async () => (await slip.getByRole('alert').allTextContents()).join(' '), { timeout: 15_000 }).toMatch(/You are on a time-out.*Ends /);
    await screenshot(page, 'safer-play-bet-refused-en');
    await context.close();
  });

  it('a Brazilian guest is refused a game until they set the law’s loss limit from the game room, then the game opens', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestSignInPt(page, BRAZIL);
    // A guest never met the sign-up form that asks the limit (decision 057): the launch says why and where to set it.
    await page.goto(`http://${BRAZIL}/#/game-room?platform=house&game=dice`);
    await page.getByRole('heading', { name: /Defina primeiro seu limite de perdas/ }).waitFor();
    expect(await page.getByTitle('Jogo').count()).toBe(0);
    await screenshot(page, 'safer-play-launch-limit-required-pt');
    await page.getByRole('link', { name: 'Definir meu limite de perdas' }).click();
    await page.waitForURL(/#\/setting\/safer-play\?return=1$/);
    await expect.poll(() => page.getByTestId('limit-kind').inputValue()).toBe('loss');
    await page.getByTestId('limit-amount').fill('200');
    await page.getByTestId('limit-save').click();
    // Saved, the page goes back to the game, which now opens.
    await page.waitForURL(/#\/game-room\?platform=house&game=dice$/);
    await page.getByTitle('Jogo').waitFor();
    await context.close();
  });

  it('a Brazilian guest’s bet is refused until the loss limit is set from the slip; back at the slip only money is missing', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestSignInPt(page, BRAZIL);
    await page.goto(`http://${BRAZIL}/#/sport`);
    await page.getByRole('tab', { name: 'Futebol', exact: true }).click();
    const price = page.locator('article[data-match-id] button[data-odds]:enabled').first();
    await price.waitFor();
    await price.click();
    const openSlip = page.getByRole('button', { name: /^Abrir o cupom de apostas/ });
    await openSlip.click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    // Any odds accepted: on a busy machine the feed may move the price between the tap and the bet, and the slip would
    // then ask to accept the new odds instead of placing (what this journey is about is the refusals).
    await slip.getByRole('combobox').last().selectOption('2');
    await slip.getByRole('textbox', { name: 'Valor' }).first().fill('5');
    // The law's limit comes before the empty wallet (decision 057): the slip says so and leads to the limit form.
    await slipPlaceRefused(page, /Defina primeiro seu limite de perdas/, /^Apostar/, SLIP_PT);
    await screenshot(page, 'safer-play-bet-limit-required-pt');
    await slip.getByRole('link', { name: 'Definir meu limite de perdas' }).click();
    await page.waitForURL(/#\/setting\/safer-play\?return=1$/);
    await page.getByTestId('limit-amount').fill('200');
    await page.getByTestId('limit-save').click();
    await page.waitForURL(/#\/sport/);
    // The pick is still on the slip; the bet now goes as far as the guest's empty balance. The price may have moved
    // while the player was on the limit form: the slip then asks to accept the new odds first, as it would anyone.
    await openSlip.click();
    await slip.getByRole('textbox', { name: 'Valor' }).first().fill('5');
    await slipPlaceRefused(page, /Seu saldo não é suficiente/, /^Apostar/, SLIP_PT);
    await context.close();
  });

  it('a Brazilian player reads the area in Portuguese, with the link to the national self-exclusion service', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestSignInPt(page, BRAZIL);
    await saferPlayOpen(page, BRAZIL);
    // Brazil asks for a loss limit: the page says so until one is set.
    await expect.poll(async () => (await page.getByRole('note').textContent()) ?? '').toContain('Perdas');
    expect(await page.getByRole('link', { name: 'Serviço nacional de autoexclusão' }).getAttribute('href')).toMatch(/^https:\/\/www\.gov\.br\//);
    await page.getByTestId('limit-kind').selectOption('loss');
    await page.getByTestId('limit-amount').fill('100');
    await page.getByTestId('limit-save').click();
    await page.getByTestId('limit-loss-day').waitFor();
    await page.getByRole('note').waitFor({ state: 'detached' });
    // A daily play-time limit (decision 054): whole minutes, per day only; more than a day's minutes is refused here.
    await page.getByTestId('limit-kind').selectOption('time');
    expect(await page.getByTestId('limit-period').isDisabled()).toBe(true);
    await page.getByTestId('limit-amount').fill('1441');
    await page.getByTestId('limit-save').click();
    await page.getByText('Informe minutos inteiros de 1 a 1.440.').waitFor();
    await page.getByTestId('limit-amount').fill('90');
    await page.getByTestId('limit-save').click();
    const timeRow = page.getByTestId('limit-time-day');
    await expect
      .poll(async () => (await timeRow.textContent().catch(() => '')) ?? '')
      .toMatch(/Limite diário de tempo de jogo.*90 min por dia.*0 de 90 min jogados hoje · renova/);
    await screenshot(page, 'safer-play-limits-pt');
    await page.getByTestId('self-exclusion-start').click();
    await page.getByRole('dialog', { name: 'Confirme, por favor' }).waitFor();
    await screenshot(page, 'safer-play-confirm-pt');
    await page.keyboard.press('Escape');

    // The reality check: this session began 61 minutes ago (by the device's record), so it shows on the next page.
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('pir.reality_check') ?? '{}') as { uid: number };
      localStorage.setItem('pir.reality_check', JSON.stringify({ uid: record.uid, startedAtMs: Date.now() - 61 * 60_000, lastSeenMs: Date.now() }));
    });
    await page.goto(`http://${BRAZIL}/#/sport`);
    const reality = page.getByRole('dialog', { name: 'Alerta de realidade' });
    await expect
      .poll(async () => (await reality.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/jogando há 61 minutos.*Resultado líquido de hoje: R\$\s?0,00.*Tempo de jogo hoje: 0 de 90 minutos\./);
    await screenshot(page, 'safer-play-reality-check-pt');
    await reality.getByRole('button', { name: 'Parar e fazer uma pausa' }).click();
    await page.waitForURL(/#\/setting\/safer-play$/);
    await reality.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a Brazilian sign-up asks for the loss limit the law requires, refuses the form without it and stores it', async () => {
    const { context, page } = await phonePage(journey.browser);
    const email = `brasil-${Date.now()}@example.com`;
    await page.goto(`http://${BRAZIL}/#/game`);
    await welcomeDismiss(page);
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await page.waitForURL(/#\/email-register$/);
    const limit = page.getByTestId('signup-limit');
    await limit.getByText('Seu limite antes de jogar').waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByRole('button', { name: /Reenviar em/ }).waitFor();
    await page.getByLabel('Código de verificação').fill(await mailboxCode(journey.server, email));
    await page.getByLabel('Senha', { exact: true }).fill('limite2026');
    // No limit yet: the form says what is missing and nothing is sent.
    await page.getByRole('button', { name: 'Cadastre-se' }).click();
    await limit.getByText('Informe um valor maior que zero.').waitFor();
    await page.getByText('Aceite os termos para criar a conta.').waitFor();
    await screenshot(page, 'register-field-errors-pt');
    await signUpAccept(page, { age: 'Tenho 18 anos ou mais', terms: 'Aceito os termos e condições.' });
    expect(page.url()).toMatch(/#\/email-register$/);
    await limit.getByLabel('Por').selectOption('week');
    await limit.getByLabel('Limite: Perdas (BRL)').fill('150');
    await screenshot(page, 'safer-play-signup-limit-pt');
    await page.getByRole('button', { name: 'Cadastre-se' }).click();
    await page.waitForURL(/#\/game$/);

    // The limit is in force from the first minute, as set at sign-up.
    await saferPlayOpen(page, BRAZIL);
    await expect.poll(async () => (await page.getByTestId('limit-loss-week').textContent()) ?? '').toContain('150,00');
    await context.close();
  });
});

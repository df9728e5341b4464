import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JOURNEY, journeySetup, mailboxCode, phonePage, screenshot, signUpAccept, touristStart, welcomeDismiss } from './fixtures.ts';

// Identity checks (issue 20, decision 037): a Brazilian player who deposited is refused a withdrawal until their
// identity is verified; they send a CPF, birth date, document and selfie from Safer play, the sandbox identity
// provider approves on its hosted page, and the same withdrawal goes through.

const BRAZIL = 'piranha.com.br';
const journey = journeySetup([JOURNEY.host, BRAZIL]);
const CPF = '390.533.447-05';
/** A long journey (sign-up, deposit, two withdrawals, a provider page) on a shared 2-core machine. */
const JOURNEY_TIMEOUT_MS = 300_000;
/** A JPEG's first bytes: what the server sniffs (the browser's claimed type is not trusted). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]);

async function saferPlayOpen(page: Page, host: string): Promise<void> {
  await page.goto(`http://${host}/#/setting`);
  await page.getByTestId('safer-play-row').click();
  await page.waitForURL(/#\/setting\/safer-play$/);
  await page.getByTestId('kyc-state').waitFor();
}

async function brazilianSignUp(page: Page): Promise<void> {
  const email = `kyc-${Date.now()}@example.com`;
  await page.goto(`http://${BRAZIL}/#/game`);
  await welcomeDismiss(page);
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await page.waitForURL(/#\/email-register$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByRole('button', { name: /Reenviar em/ }).waitFor();
  await page.getByLabel('Código de verificação').fill(await mailboxCode(journey.server, email));
  await page.getByLabel('Senha', { exact: true }).fill('identidade2026');
  await page.getByTestId('signup-limit').getByLabel('Limite: Perdas (BRL)').fill('500');
  await signUpAccept(page, { age: 'Tenho 18 anos ou mais', terms: 'Aceito os termos e condições.' });
  await page.getByRole('button', { name: 'Cadastre-se' }).click();
  await page.waitForURL(/#\/game$/);
}

async function pixDeposit(page: Page): Promise<void> {
  await page.goto(`http://${BRAZIL}/#/deposit`);
  await page.getByRole('radio', { name: 'PIX' }).click();
  await page.getByLabel('Valor').fill('100');
  await page.getByRole('button', { name: /Depositar R\$\s100,00/ }).click();
  await page.waitForURL(/#\/deposit-wait\?order_id=/);
  const [hosted] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Abrir a página de pagamento' }).click()]);
  await hosted.waitForLoadState();
  await hosted.getByRole('button', { name: /Approve payment/ }).click();
  await hosted.getByRole('heading', { name: 'Payment done' }).waitFor();
  await hosted.close();
  await page.waitForURL(/#\/deposit-result\?order_id=/, { timeout: 30_000 });
}

describe('Identity checks, through the real server and Chromium', () => {
  it(
    'a Brazilian player is refused a withdrawal until the sandbox verifies their CPF, then withdraws',
    async () => {
      const { context, page } = await phonePage(journey.browser);
      await brazilianSignUp(page);
      await pixDeposit(page);

      // The withdrawal is refused, with the reason, until the identity is verified.
      await page.goto(`http://${BRAZIL}/#/withdraw`);
      await page.getByLabel('Número do documento').fill(CPF);
      await page.getByLabel('Tipo de chave Pix').selectOption('CPF');
      await page.getByLabel('Chave Pix', { exact: true }).fill(CPF.replace(/\D/g, ''));
      await page.getByLabel('Nome do titular').fill('Ana Souza');
      await page.getByLabel('Valor do saque').fill('50');
      await page.getByRole('button', { name: /Sacar R\$\s50,00/ }).click();
      await expect
        .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 15_000 })
        .toContain('Verifique sua identidade primeiro');
      await screenshot(page, 'kyc-withdraw-refused-pt');

      // Safer play: the identity check, sent with a CPF, a birth date, the document and a selfie.
      await saferPlayOpen(page, BRAZIL);
      const kyc = page.getByTestId('kyc');
      await kyc.scrollIntoViewIfNeeded();
      expect(await page.getByTestId('kyc-state').textContent()).toContain('Não verificada');
      expect(await kyc.textContent()).toContain('antes do primeiro saque');
      await kyc.getByLabel('CPF', { exact: true }).fill(CPF);
      await kyc.getByLabel('Data de nascimento (como no documento)').fill('1990-05-17');
      await kyc.getByLabel('Foto do documento').setInputFiles({ name: 'documento.jpg', mimeType: 'image/jpeg', buffer: JPEG });
      await kyc.getByLabel('Selfie').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: JPEG });
      await screenshot(page, 'kyc-form-pt');
      await kyc.getByRole('button', { name: 'Enviar para verificação' }).click();
      await expect.poll(async () => (await page.getByTestId('kyc-state').textContent()) ?? '').toContain('Em análise');
      await screenshot(page, 'kyc-pending-pt');

      // The identity provider's hosted page: the reviewer approves with the birth date read on the document.
      await page.getByTestId('kyc-provider').click();
      await page.waitForURL(/\/sandbox\/kyc\/kyc_/);
      expect(await page.getByLabel('Birth date as read on the document').inputValue()).toBe('1990-05-17');
      await page.getByRole('button', { name: 'Approve identity' }).click();
      await page.getByRole('heading', { name: 'Identity approved' }).waitFor();
      await page.getByRole('link', { name: 'Back to the app' }).click();
      await page.waitForURL(/#\/setting\/safer-play$/);
      await expect.poll(async () => (await page.getByTestId('kyc-state').textContent()) ?? '').toContain('Verificada');
      expect(await page.getByTestId('kyc-state').textContent()).toContain('4705');
      await page.getByTestId('kyc').scrollIntoViewIfNeeded();
      await screenshot(page, 'kyc-verified-pt');

      // The same withdrawal now goes through to the saved PIX account under the verified CPF.
      await page.goto(`http://${BRAZIL}/#/withdraw`);
      await page.getByLabel('Valor do saque').fill('50');
      await page.getByRole('button', { name: /Sacar R\$\s50,00/ }).click();
      await page.waitForURL(/#\/record-detail\?order_id=/);
      await page.getByRole('heading', { name: 'Saque em andamento' }).waitFor();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a guest on the journey brand reads the identity check in English, optional in their market',
    async () => {
      const { context, page } = await phonePage(journey.browser);
      await touristStart(page, JOURNEY.host);
      await saferPlayOpen(page, JOURNEY.host);
      const kyc = page.getByTestId('kyc');
      await kyc.scrollIntoViewIfNeeded();
      expect(await page.getByTestId('kyc-state').textContent()).toContain('Not verified');
      expect(await kyc.textContent()).toContain('Verify your identity once to speed up withdrawals. You must be 18 or older.');
      await kyc.getByLabel('ID or passport number').waitFor();
      await screenshot(page, 'kyc-form-en');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

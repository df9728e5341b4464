import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JOURNEY, journeySetup, OPS_TOKEN, phonePage, screenshot, welcomeDismiss } from './fixtures.ts';

/** The help centre (issue 21, decision 038): FAQ search, feedback, the iframe allow-list, the content pages. */
const BRAZIL = 'piranha.com.br';

/** A new phone on the brand, past the welcome pop-up, then on `path` (a hash route of the same page). */
async function helpPage(journey: { browser: Parameters<typeof phonePage>[0] }, host: string, path: string): Promise<Page> {
  const { page } = await phonePage(journey.browser);
  await page.goto(`http://${host}/#/game`);
  await welcomeDismiss(page);
  await page.goto(`http://${host}/#${path}`);
  return page;
}

/** The FAQ answers listed, by their titles. */
const faqTitles = async (page: Page) =>
  Promise.all((await page.getByTestId('faq-item').all()).map(async (item) => (await item.locator('span').first().textContent()) ?? ''));

describe('Help centre, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host, BRAZIL]);

  it('The FAQ search finds an answer in the player’s language, its page opens, and back returns where the player came from', async () => {
    const page = await helpPage(journey, BRAZIL, '/faq/home?fromUrl=%2Fsport');
    await expect.poll(() => faqTitles(page)).toHaveLength(6);
    await screenshot(page, 'help-faq-home-pt');
    // Every word must occur: "saque" alone also finds the account-security answer (it names withdrawals too).
    await page.getByTestId('faq-search').fill('saque transacoes');
    await expect.poll(() => faqTitles(page)).toEqual(['Como funcionam os saques?']);
    await screenshot(page, 'help-faq-search-pt');
    await page.getByTestId('faq-item').first().click();
    await page.waitForURL(/#\/faq\/detail\?id=\d+&fromUrl=%2Fsport$/);
    await page.getByRole('heading', { name: 'Como funcionam os saques?' }).waitFor();
    expect(await page.locator('article').textContent()).toContain('Em Transações cada saque aparece como pendente, pago ou falhou');
    await screenshot(page, 'help-faq-detail-pt');
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(/#\/faq\/home\?fromUrl=%2Fsport$/);
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(/#\/sport$/);

    const english = await helpPage(journey, JOURNEY.host, '/faq/home');
    await english.getByTestId('faq-search').fill('WAGERING');
    await expect.poll(() => faqTitles(english)).toEqual(['What does bonus wagering mean?']);
    await english.getByRole('button', { name: 'Account security' }).click();
    await english.getByTestId('faq-search').fill('');
    await expect.poll(() => faqTitles(english)).toEqual(['Keeping your account safe']);
    await screenshot(english, 'help-faq-home-en');
  }, 480_000);

  it('Feedback is checked, sent and stored for the operator', async () => {
    const page = await helpPage(journey, BRAZIL, '/feedback');
    await page.getByTestId('feedback-content').fill('curto');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Escreva pelo menos 10 caracteres.' }).waitFor();
    const text = `O PIX caiu mas o saldo demorou 40 minutos ${Date.now()}`;
    await page.getByLabel('Assunto').selectOption('payment');
    await page.getByTestId('feedback-content').fill(text);
    await page.getByLabel('E-mail ou telefone para resposta (opcional)').fill('ana@example.com');
    await screenshot(page, 'help-feedback-pt');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('feedback-sent').waitFor();
    expect(await page.getByTestId('feedback-sent').textContent()).toMatch(/Obrigado\. Sua mensagem foi enviada\.Referência: \d+/);
    await screenshot(page, 'help-feedback-sent-pt');

    const stored = (await fetch(`${journey.server.origin}/api/ops/help/feedback/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_key: 'piranha' }),
    }).then((response) => response.json())) as { dm_error: number; data: { list: { content: string; category: string; contact: string; locale: string }[] } };
    expect(stored.data.list[0]).toMatchObject({ content: text, category: 'payment', contact: 'ana@example.com', locale: 'pt-BR' });

    const english = await helpPage(journey, JOURNEY.host, '/feedback');
    await english.getByRole('heading', { name: 'Feedback' }).waitFor();
    await screenshot(english, 'help-feedback-en');
  }, 480_000);

  it('An allow-listed iframe loads; a foreign one is refused with a page that says why', async () => {
    const page = await helpPage(journey, BRAZIL, `/iframe?url=${encodeURIComponent('/healthz')}&title=Status`);
    const frame = page.getByTestId('help-iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`http://${BRAZIL}/healthz`);
    await expect
      .poll(
        async () =>
          (await page
            .frames()
            .find((candidate) => candidate.url().endsWith('/healthz'))
            ?.textContent('body')) ?? '',
      )
      .toContain('"status":"ok"');

    await page.goto(`http://${BRAZIL}/#/iframe?url=${encodeURIComponent('https://evil.example/login')}`);
    const refused = page.getByTestId('iframe-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('evil.example não está na lista de sites confiáveis da Piranha');
    expect(await page.locator('iframe').count()).toBe(0);
    await screenshot(page, 'help-iframe-refused-pt');

    const english = await helpPage(journey, JOURNEY.host, `/iframe?url=${encodeURIComponent('javascript:alert(1)')}`);
    await english.getByTestId('iframe-refused').waitFor();
    expect(await english.locator('iframe').count()).toBe(0);
    await screenshot(english, 'help-iframe-refused-en');
  }, 480_000);

  it('/link navigates inside the app, asks before a foreign site and refuses a script', async () => {
    const page = await helpPage(journey, JOURNEY.host, `/link?url=${encodeURIComponent('/faq/home')}`);
    await page.waitForURL(/#\/faq\/home$/);
    await page.goto(`http://${JOURNEY.host}/#/link?url=${encodeURIComponent('https://unknown.example/offer')}`);
    const interstitial = page.getByTestId('link-interstitial');
    await interstitial.waitFor();
    expect(await interstitial.textContent()).toContain(`This link goes to unknown.example, a site ${JOURNEY.name} does not control`);
    expect(await page.getByRole('link', { name: 'Continue to unknown.example' }).getAttribute('href')).toBe('https://unknown.example/offer');
    await screenshot(page, 'help-link-en');
    await page.goto(`http://${JOURNEY.host}/#/link?url=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByTestId('link-refused').waitFor();
  }, 480_000);

  it('Support, about, privacy, news, announcements and the authorisation file show the brand’s own content', async () => {
    const page = await helpPage(journey, BRAZIL, '/support');
    expect(await page.getByTestId('support-email').getAttribute('href')).toBe('mailto:support@piranha.com.br');
    await screenshot(page, 'help-support-pt');
    await page.goto(`http://${BRAZIL}/#/privacy`);
    await page.getByTestId('help-page-privacy').waitFor();
    expect(await page.getByTestId('help-page-privacy').textContent()).toContain('Lei Geral de Proteção de Dados');
    await screenshot(page, 'help-privacy-pt');
    await page.goto(`http://${BRAZIL}/#/news`);
    await expect.poll(() => page.getByTestId('news-item').count()).toBe(2);
    await screenshot(page, 'help-news-pt');
    await page.goto(`http://${BRAZIL}/#/auth-file`);
    expect(await page.getByTestId('auth-file').textContent()).toContain('SPA/MF');
    await screenshot(page, 'help-auth-file-pt');

    const english = await helpPage(journey, JOURNEY.host, '/about');
    await english.getByTestId('help-page-about').waitFor();
    expect(await english.getByTestId('help-page-about').textContent()).toContain('play only where it is legal for you');
    await screenshot(english, 'help-about-en');
    await english.goto(`http://${JOURNEY.host}/#/announcement`);
    await expect.poll(() => english.getByTestId('news-item').first().textContent()).toContain('Withdrawals only to your own account');
    await screenshot(english, 'help-announcement-en');
    await english.goto(`http://${JOURNEY.host}/#/support`);
    await english.getByTestId('support-email').waitFor();
    await screenshot(english, 'help-support-en');
  }, 480_000);
});

import { ERROR_MESSAGES, ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_IP_PER_HOUR, FEEDBACK_PER_PLAYER_PER_HOUR } from '../src/modules/help/help.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/** The help centre (issue 21, decision 038): content per brand and language, sanitized operator HTML, feedback. */
let t: TestApp;
const H = '/api/piranha/help';
const OPS_TOKEN = 'help-ops-token-0123456789';
const ops = (path: string, body: unknown, token = OPS_TOKEN) => t.post(`/api/ops/help${path}`, { headers: { authorization: `Bearer ${token}` }, body });
const brandGet = (path: string, appKey: string, query: Record<string, string> = {}, lang = 'en-US') =>
  t.get(`${H}${path}`, { headers: { 'app-key': appKey }, query: { lca_lang: lang, ...query } });

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(() => t?.close());

describe('seeded content', () => {
  it('gives each brand its own FAQ in six categories, in the reader’s language, filled with the brand’s facts', async () => {
    const pt = envelopeOf(await brandGet('/faq/list', 'piranha', {}, 'pt-BR'));
    expect(pt.dm_error).toBe(0);
    expect(pt.data.categories.map((c: { category: string; count: number }) => [c.category, c.count])).toEqual([
      ['deposits', 1],
      ['withdrawals', 1],
      ['bonus', 1],
      ['betting', 1],
      ['account', 1],
      ['responsible', 1],
    ]);
    expect(pt.data.list[0].title).toBe('Como faço um depósito?');
    const deposit = envelopeOf(await brandGet('/item/get', 'piranha', { id: pt.data.list[0].id }, 'pt-BR')).data;
    expect(deposit.body).toContain('R$');
    expect(deposit.body).toContain('30');
    // A Mexican brand: its own row, its currency and minimum.
    const mx = envelopeOf(await brandGet('/faq/list', 'aguila', {}, 'es-MX')).data;
    const mxDeposit = envelopeOf(await brandGet('/item/get', 'aguila', { id: mx.list[0].id }, 'es-MX')).data;
    expect(mxDeposit.title).toBe('¿Cómo deposito?');
    expect(mxDeposit.body).toContain('80');
    expect(mxDeposit.body).toContain('Águila Apuestas');
    expect(mx.list[0].id).not.toBe(pt.data.list[0].id);
  });

  it('writes the privacy notice per jurisdiction: LGPD for a Brazilian brand, the Mexican law for a Mexican one', async () => {
    const br = envelopeOf(await brandGet('/page/get', 'piranha', { kind: 'privacy' }, 'pt-BR')).data;
    expect(br.title).toBe('Aviso de privacidade');
    expect(br.body).toContain('LGPD');
    const mx = envelopeOf(await brandGet('/page/get', 'aguila', { kind: 'privacy' }, 'es-MX')).data;
    expect(mx.body).toContain('Ley Federal de Protección de Datos Personales');
    expect(mx.body).not.toContain('LGPD');
    const about = envelopeOf(await brandGet('/page/get', 'aguila', { kind: 'about' }, 'en-US')).data;
    expect(about.body).toContain('SEGOB (DGJS)');
  });

  it('lists real news and announcements, newest first', async () => {
    const news = envelopeOf(await brandGet('/news/list', 'piranha', { kind: 'news' })).data.list;
    expect(news.map((item: { slug: string }) => item.slug).sort()).toEqual(['message-centre', 'safer-play-limits']);
    const announcements = envelopeOf(await brandGet('/news/list', 'piranha', { kind: 'announcement' }, 'zh-CN')).data.list;
    expect(announcements[0].title).toBe('提现只能到本人账户');
  });

  it('finds answers by words, ignoring case and accents, and narrows by category', async () => {
    const found = envelopeOf(await brandGet('/faq/list', 'piranha', { keyword: 'DEPOSITO minimo' }, 'pt-BR')).data.list;
    expect(found.map((item: { category: string }) => item.category)).toEqual(['deposits']);
    expect(
      envelopeOf(await brandGet('/faq/list', 'piranha', { keyword: 'rollover' }, 'pt-BR')).data.list.map((item: { category: string }) => item.category),
    ).toEqual(['withdrawals', 'bonus']);
    expect(envelopeOf(await brandGet('/faq/list', 'piranha', { keyword: 'zzzz no such words' }, 'pt-BR')).data.list).toEqual([]);
    expect(envelopeOf(await brandGet('/faq/list', 'piranha', { category: 'account' })).data.list).toHaveLength(1);
  });

  it('seeds a brand once, even when its help is read by many requests at once', async () => {
    await Promise.all(Array.from({ length: 6 }, () => brandGet('/faq/list', 'capivara')));
    const [row] = await t.rows<{ count: string | number }>(sql`select count(*) as count from help_items where app_key = 'capivara'`);
    expect(Number(row!.count)).toBe(12);
  });
});

describe('operator content', () => {
  it('sanitizes operator HTML before storing it, so no script reaches a page', async () => {
    const body =
      '<p onclick="steal()">Read <b>this</b></p><script>alert(1)</script><img src="javascript:alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a>';
    const created = envelopeOf(
      await ops('/item/upsert', { app_key: 'piranha', kind: 'html', slug: 'promo-rules', texts: { 'en-US': { title: 'Promo rules', body } } }),
    );
    expect(created.dm_error).toBe(0);
    const [stored] = await t.rows<{ texts: unknown }>(sql`select texts from help_items where id = ${Number(created.data.id)}`);
    const storedText = JSON.stringify(stored!.texts);
    const page = envelopeOf(await brandGet('/item/get', 'piranha', { id: created.data.id })).data;
    for (const html of [storedText, page.body]) {
      expect(html).not.toMatch(/script|onclick|javascript:|iframe|evil\.example/i);
    }
    expect(page.body).toContain('<p>Read <b>this</b></p>');
    expect(page.body).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
  });

  it('sanitizes on display too: a row written around the operator endpoint still loses its script', async () => {
    const [row] = await t.rows<{ id: string | number }>(
      sql`insert into help_items (app_key, kind, slug, texts, source, published_at)
          values ('piranha', 'html', 'raw-row', ${JSON.stringify({ 'en-US': { title: 'Raw', body: '<p>a</p><script>alert(1)</script>' } })}::jsonb, 'operator', now()) returning id`,
    );
    const page = envelopeOf(await brandGet('/item/get', 'piranha', { id: String(row!.id) })).data;
    expect(page.body).toBe('<p>a</p>');
  });

  it('keeps brand A’s items from brand B: another brand’s id is not found', async () => {
    const created = envelopeOf(
      await ops('/item/upsert', {
        app_key: 'piranha',
        kind: 'faq',
        slug: 'pix-only',
        category: 'deposits',
        texts: { 'en-US': { title: 'PIX only question', body: '<p>PIX</p>' } },
      }),
    );
    expect(created.dm_error).toBe(0);
    expect(envelopeOf(await brandGet('/item/get', 'piranha', { id: created.data.id })).data.title).toBe('PIX only question');
    const other = envelopeOf(await brandGet('/item/get', 'aguila', { id: created.data.id }));
    expect(other.dm_error).toBe(ERRORS.HELP_ITEM_NOT_FOUND.code);
    expect(other.data).not.toHaveProperty('title');
    const aguilaTitles = envelopeOf(await brandGet('/faq/list', 'aguila', { keyword: 'PIX only' })).data.list;
    expect(aguilaTitles).toEqual([]);
    expect(envelopeOf(await brandGet('/faq/list', 'piranha', { keyword: 'PIX only' })).data.list).toHaveLength(1);
  });

  it('replaces a seeded item’s text per locale, falls back to the brand default, and removes it for good', async () => {
    const pt = { title: 'Depósitos por PIX', body: '<p>Use o PIX.</p>' };
    expect(envelopeOf(await ops('/item/upsert', { app_key: 'piranha', kind: 'faq', slug: 'deposits', texts: { 'pt-BR': pt } })).dm_error).toBe(0);
    const list = envelopeOf(await brandGet('/faq/list', 'piranha', { category: 'deposits' }, 'pt-BR')).data.list;
    expect(list.map((item: { title: string }) => item.title)).toContain('Depósitos por PIX');
    // The English seed text stays.
    const en = envelopeOf(await brandGet('/faq/list', 'piranha', { category: 'deposits' }, 'en-US')).data.list;
    expect(en.map((item: { title: string }) => item.title)).toContain('How do I deposit?');
    // An item written only in Spanish reaches a Thai reader of a Mexican brand in Spanish (the brand default).
    const only = envelopeOf(
      await ops('/item/upsert', { app_key: 'aguila', kind: 'news', slug: 'liga-mx', texts: { 'es-MX': { title: 'Liga MX en vivo', body: '<p>Hoy</p>' } } }),
    );
    const newsTh = envelopeOf(await brandGet('/news/list', 'aguila', { kind: 'news' }, 'vm-TH')).data.list;
    expect(newsTh.find((item: { id: string }) => item.id === only.data.id).title).toBe('Liga MX en vivo');
    expect(envelopeOf(await ops('/item/remove', { app_key: 'aguila', kind: 'news', slug: 'liga-mx' })).dm_error).toBe(0);
    expect(envelopeOf(await brandGet('/item/get', 'aguila', { id: only.data.id })).dm_error).toBe(ERRORS.HELP_ITEM_NOT_FOUND.code);
    expect(envelopeOf(await ops('/item/remove', { app_key: 'aguila', kind: 'news', slug: 'liga-mx' })).dm_error).toBe(ERRORS.HELP_ITEM_NOT_FOUND.code);
  });

  it('refuses without the token, and bad bodies naming the field', async () => {
    expect(envelopeOf(await ops('/item/upsert', {}, 'wrong')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expect(envelopeOf(await ops('/feedback/list', { app_key: 'piranha' }, 'wrong')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    const cases: [unknown, string][] = [
      [{ app_key: 'nosuchbrand', kind: 'faq', slug: 'a', category: 'deposits', texts: { 'en-US': { title: 'T', body: 'B' } } }, 'app_key'],
      [{ app_key: 'piranha', kind: 'blog', slug: 'a', texts: { 'en-US': { title: 'T', body: 'B' } } }, 'kind'],
      [{ app_key: 'piranha', kind: 'faq', slug: 'Bad Slug', category: 'deposits', texts: { 'en-US': { title: 'T', body: 'B' } } }, 'slug'],
      [{ app_key: 'piranha', kind: 'faq', slug: 'a', texts: { 'en-US': { title: 'T', body: 'B' } } }, 'category'],
      [{ app_key: 'piranha', kind: 'html', slug: 'a', texts: {} }, 'texts'],
      [{ app_key: 'piranha', kind: 'html', slug: 'a', texts: { 'xx-XX': { title: 'T', body: 'B' } } }, 'texts'],
      [{ app_key: 'piranha', kind: 'html', slug: 'a', video_url: 'javascript:alert(1)', texts: { 'en-US': { title: 'T', body: 'B' } } }, 'video_url'],
      [{ app_key: 'piranha', kind: 'html', slug: 'a', texts: { 'en-US': { title: 'T'.repeat(161), body: 'B' } } }, 'texts.en-US.title'],
    ];
    for (const [body, field] of cases) {
      const answer = envelopeOf(await ops('/item/upsert', body));
      expect(answer.dm_error, field).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(answer.data.field, JSON.stringify(body)).toBe(field);
    }
    expect(envelopeOf(await ops('/item/remove', { app_key: 'piranha', kind: 'faq' })).data.field).toBe('slug');
    expect(envelopeOf(await ops('/feedback/list', { app_key: 'piranha', limit: 0 })).data.field).toBe('limit');
  });
});

describe('feedback', () => {
  it('stores a valid message for the operator with the player and language, trimmed', async () => {
    const player = await t.session('piranha');
    const sent = envelopeOf(
      await t.post(`${H}/feedback/submit`, {
        headers: { 'app-key': 'piranha' },
        query: signedIn(player, { lca_lang: 'pt-BR' }),
        body: { category: 'payment', content: '  O PIX caiu mas o saldo não mudou.  ', contact: 'ana@example.com' },
        remoteAddress: '10.1.0.1',
      }),
    );
    expect(sent.dm_error).toBe(0);
    const listed = envelopeOf(await ops('/feedback/list', { app_key: 'piranha' })).data.list;
    expect(listed[0]).toMatchObject({
      id: sent.data.feedback_id,
      uid: player.uid,
      category: 'payment',
      content: 'O PIX caiu mas o saldo não mudou.',
      contact: 'ana@example.com',
      locale: 'pt-BR',
    });
    // Another brand's operator list does not hold it.
    expect(envelopeOf(await ops('/feedback/list', { app_key: 'aguila' })).data.list.map((row: { id: string }) => row.id)).not.toContain(sent.data.feedback_id);
  });

  it('refuses bad input with a translated message naming the field, and stores nothing', async () => {
    const [before] = await t.rows<{ count: string | number }>(sql`select count(*) as count from help_feedback`);
    const cases: [unknown, string][] = [
      [{ category: 'payment', content: 'too short' }, 'content'],
      [{ category: 'payment', content: ' '.repeat(20) }, 'content'],
      [{ category: 'payment', content: 'x'.repeat(1001) }, 'content'],
      [{ category: 'casino-bug', content: 'A long enough message' }, 'category'],
      [{ content: 'A long enough message' }, 'category'],
      [{ category: 'other', content: 'A long enough message', contact: 'c'.repeat(121) }, 'contact'],
    ];
    for (const [body, field] of cases) {
      const answer = envelopeOf(await t.post(`${H}/feedback/submit`, { query: { lca_lang: 'es-MX' }, body, remoteAddress: '10.1.0.2' }));
      expect(answer.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(answer.data.field).toBe(field);
      expect(answer.error_msg).toBe(ERROR_MESSAGES['es-MX'].validationFailed);
    }
    const [after] = await t.rows<{ count: string | number }>(sql`select count(*) as count from help_feedback`);
    expect(Number(after!.count)).toBe(Number(before!.count));
  });

  it(`limits a player to ${FEEDBACK_PER_PLAYER_PER_HOUR} an hour across addresses, and an address to ${FEEDBACK_PER_IP_PER_HOUR}, even sent at once`, async () => {
    const player = await t.session('piranha');
    const body = { category: 'suggestion', content: 'Please add more tennis markets.' };
    const answers = await Promise.all(
      Array.from({ length: FEEDBACK_PER_PLAYER_PER_HOUR + 3 }, (_, index) =>
        t.post(`${H}/feedback/submit`, { query: signedIn(player, { lca_lang: 'pt-BR' }), body, remoteAddress: `10.2.0.${index + 1}` }),
      ),
    );
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(FEEDBACK_PER_PLAYER_PER_HOUR);
    expect(codes.filter((code) => code === ERRORS.FEEDBACK_RATE_LIMITED.code)).toHaveLength(3);
    const limited = answers.map(envelopeOf).find((answer) => answer.dm_error !== 0)!;
    expect(limited.error_msg).toBe(ERROR_MESSAGES['pt-BR'].feedbackRateLimited);
    expect(limited.error_msg).not.toBe(ERROR_MESSAGES['en-US'].feedbackRateLimited);

    // Visitors without a session from one address: the address limit.
    const anonymous = await Promise.all(
      Array.from({ length: FEEDBACK_PER_IP_PER_HOUR + 2 }, () => t.post(`${H}/feedback/submit`, { body, remoteAddress: '10.3.0.1' })),
    );
    expect(anonymous.map(envelopeOf).filter((answer) => answer.dm_error === 0)).toHaveLength(FEEDBACK_PER_IP_PER_HOUR);
    // An hour later the address may send again.
    t.clock.advance(3_600_001);
    expect(envelopeOf(await t.post(`${H}/feedback/submit`, { body, remoteAddress: '10.3.0.1' })).dm_error).toBe(0);
  });
});

describe('bad input on the read endpoints', () => {
  it('refuses unknown kinds, categories and ids, naming the field, and answers an unknown id as not found', async () => {
    expect(envelopeOf(await brandGet('/page/get', 'piranha', { kind: 'news' })).data.field).toBe('kind');
    expect(envelopeOf(await brandGet('/news/list', 'piranha', { kind: 'faq' })).data.field).toBe('kind');
    expect(envelopeOf(await brandGet('/faq/list', 'piranha', { category: 'poker' })).data.field).toBe('category');
    expect(envelopeOf(await brandGet('/faq/list', 'piranha', { keyword: 'k'.repeat(81) })).data.field).toBe('keyword');
    expect(envelopeOf(await brandGet('/item/get', 'piranha', { id: '0' })).data.field).toBe('id');
    expect(envelopeOf(await brandGet('/item/get', 'piranha', { id: "1' or 1=1" })).data.field).toBe('id');
    expect(envelopeOf(await brandGet('/item/get', 'piranha', { id: '999999999' })).dm_error).toBe(ERRORS.HELP_ITEM_NOT_FOUND.code);
  });
});

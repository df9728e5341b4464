import { describe, expect, it } from 'vitest';
import { brCodeBuild, brCodeParse, brCodeText, crc16CcittFalse, crcHex } from './pix-brcode.ts';

// Reference integrations.md §1.1.
const V1 = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const V2 =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***63046069';
const V3 = '00020126540014br.gov.bcb.pix2532https://pix.thalesogliari.com.br5204000053039865802BR5914Thales Ogliari6009SAO PAULO62070503***63043FD3';
const V4 = '00020126330014BR.GOV.BCB.PIX01115794666323452040000530398654041.005802BR5925CLENILTON CRUZ DE ALENCAR6006MANAUS62070503***6304FA88';
const X1 = '00020126360014BR.GOV.BCB.PIX0114+5561999999999520400005303986540510.005802BR5913FULANO DE TAL6008BRASILIA62070503***6304E3A2';
const X2 =
  '0020101021226990014br.gov.bcb.pix2577qrcode.pix.bancobmg.com.br/qrs1/01mWFiCMHqRMdrkzWFWazsiurgfoqpsJFbuXx3IcpRqfj52040000530398654040.015802BR5917JEFFERSON F SOUZA6009SAO PAULO62290525QRS1-F5CMMUTDLOVWF8UBT7Q4630413DF';

describe('PIX BR Code', () => {
  it('computes the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it.each([
    ['V1', V1, '123e4567-e12b-12d1-a456-426655440000', undefined],
    ['V2', V2, 'nubank@thalesog.com', '1.00'],
    ['V3', V3, undefined, undefined],
    ['V4', V4, '57946663234', '1.00'],
  ])('accepts the published vector %s', (_name, payload, key, amount) => {
    const parsed = brCodeParse(payload);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.key).toBe(key);
      expect(parsed.amount).toBe(amount);
    }
  });

  it('reads the dynamic URL of V3', () => {
    const parsed = brCodeParse(V3);
    expect(parsed.ok && parsed.url).toBe('https://pix.thalesogliari.com.br');
  });

  it('refuses X1, whose CRC should be B15A', () => {
    expect(brCodeParse(X1)).toEqual({ ok: false, issue: 'crc' });
    expect(brCodeParse(`${X1.slice(0, -4)}B15A`).ok).toBe(true);
  });

  it('refuses X2, a malformed payload with a wrong CRC', () => {
    expect(brCodeParse(X2).ok).toBe(false);
  });

  it('rebuilds V1 from its fields as pix-utils does, merchant name upper-cased (reference: CRC F012)', () => {
    expect(brCodeBuild({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(
      `${V1.slice(0, -4).replace('5913Fulano de Tal', '5913FULANO DE TAL')}F012`,
    );
  });

  it('rebuilds V2 with its amount and description, name and city upper-cased', () => {
    const body = V2.slice(0, -4).replace('5914Thales Ogliari6009Sao Paulo', '5914THALES OGLIARI6009SAO PAULO');
    expect(
      brCodeBuild({
        key: 'nubank@thalesog.com',
        description: 'Gerado por Pix-Utils',
        merchantName: 'Thales Ogliari',
        merchantCity: 'Sao Paulo',
        amountMinor: 100,
      }),
    ).toBe(`${body}${crcHex(body)}`);
  });

  it('builds codes that parse back with their amount and txid', () => {
    const code = brCodeBuild({ key: '39053344705', merchantName: 'Piranha Pagamentos', merchantCity: 'SAO PAULO', amountMinor: 12_345, txid: 'PIN42' });
    const parsed = brCodeParse(code);
    expect(parsed.ok && [parsed.amount, parsed.txid]).toEqual(['123.45', 'PIN42']);
  });

  // Issue 15: "João" and "São Paulo" were written with byte lengths (5913 for 12 characters), which our own
  // parser and every reader that counts characters refused; a 25-character name could declare 29.
  it.each([
    ['João', 'São Paulo', 'JOAO', 'SAO PAULO'],
    ['Tucunaré Bet', 'Florianópolis', 'TUCUNARE BET', 'FLORIANOPOLIS'],
    ['Ação & Companhia Ltda. São João', 'São José do Rio Preto', 'ACAO & COMPANHIA LTDA. SA', 'SAO JOSE DO RIO'],
    ['Straße  Ørsted   Çà ✓', 'Ñandú', 'STRASSE ORSTED CA', 'NANDU'],
  ])('writes %s in %s as %s / %s, and the code parses back', (merchantName, merchantCity, name, city) => {
    const code = brCodeBuild({ key: '39053344705', merchantName, merchantCity, amountMinor: 3000 });
    const parsed = brCodeParse(code);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields.find((field) => field.id === '59')?.value).toBe(name);
    expect(parsed.fields.find((field) => field.id === '60')?.value).toBe(city);
    expect(code).toMatch(/^[\x20-\x7e]+$/);
    expect(new TextEncoder().encode(code).length).toBe(code.length);
  });

  it('keeps the name within its 25 characters once accents are gone', () => {
    expect(brCodeText('Ênio Ávila Órfão Açaí Irmãos', 25)).toBe('ENIO AVILA ORFAO ACAI IRM');
    expect(brCodeText('Ênio Ávila Órfão Açaí Irmãos', 25)).toHaveLength(25);
  });

  it('keeps the description’s case and fits it beside a long key', () => {
    const key = `${'a'.repeat(60)}@example.com`;
    const code = brCodeBuild({ key, merchantName: 'Piranha', merchantCity: 'SAO PAULO', description: 'Depósito do João no cassino' });
    expect(brCodeParse(code).ok).toBe(true);
    expect(brCodeBuild({ key: '39053344705', merchantName: 'P', merchantCity: 'C', description: 'Depósito' })).toContain('0208Deposito');
  });

  it('notices a single changed character', () => {
    const code = brCodeBuild({ key: '39053344705', merchantName: 'Piranha', merchantCity: 'SAO PAULO', amountMinor: 1000 });
    expect(brCodeParse(code.replace('10.00', '90.00'))).toEqual({ ok: false, issue: 'crc' });
  });
});

describe('Thai QR (PromptPay)', () => {
  it('builds an EMV payload whose CRC checks out', async () => {
    const { promptPayBuild } = await import('./promptpay.ts');
    const { crcHex } = await import('./pix-brcode.ts');
    const code = promptPayBuild('0812345678', 10_050);
    expect(code).toContain('0016A000000677010111011300668123456785303764540610');
    expect(code.slice(-4)).toBe(crcHex(code.slice(0, -4)));
  });
});

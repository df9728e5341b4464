import { describe, expect, it } from 'vitest';
import { pixKeyCheck, type PixKeyType } from './pix-key.ts';

// Reference integrations.md §1.1 (DICT key types) with the CPF and CNPJ vectors of §1.2 and §1.3.
describe('Pix keys by type', () => {
  it.each([
    ['CPF', '390.533.447-05', '39053344705'],
    ['CPF', '529.982.247-25', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['CNPJ', '12ABC34501DE35', '12ABC34501DE35'],
    ['PHONE', '+5511988887777', '+5511988887777'],
    ['PHONE', '+55 (11) 98888-7777', '+5511988887777'],
    ['PHONE', '11 98888-7777', '+5511988887777'],
    ['PHONE', '5561999999999', '+5561999999999'],
    ['EMAIL', 'Nubank@ThalesOG.com', 'nubank@thalesog.com'],
    // The BCB manual's own example key (V1): not a version-4 UUID, and valid all the same.
    ['EVP', '123e4567-e12b-12d1-a456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
    ['EVP', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
  ] as [PixKeyType, string, string][])('accepts the %s key %s as %s', (type, raw, value) => {
    expect(pixKeyCheck(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['CPF', '231.002.999-00', 'checksum'],
    ['CPF', '111.111.111-11', 'policy'],
    ['CPF', '3905334470', 'format'],
    ['CNPJ', '16.727.230/0001-98', 'checksum'],
    ['PHONE', '+1 202 555 0100', 'format'],
    ['PHONE', '+55 11 3333-4444', 'not_mobile'],
    ['PHONE', '98888-7777', 'format'],
    ['PHONE', '+55 11 98888-777a', 'format'],
    ['EMAIL', 'nubank.thalesog.com', 'format'],
    ['EMAIL', `${'a'.repeat(70)}@mail.com`, 'format'],
    ['EVP', '123e4567-e12b-12d1-a456-42665544000', 'format'],
    ['EVP', '123e4567e12b12d1a456426655440000', 'format'],
  ] as [PixKeyType, string, string][])('refuses the %s key %s (%s)', (type, raw, issue) => {
    expect(pixKeyCheck(type, raw)).toEqual({ ok: false, issue });
  });
});

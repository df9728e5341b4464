import { describe, expect, it } from 'vitest';
import { clabeBuild, clabeCheck } from './clabe.ts';
import { documentCheck, type DocumentType } from './documents.ts';

// Reference integrations.md §1.2–§1.8.
describe('documentCheck', () => {
  it.each([
    ['CPF', '390.533.447-05', '39053344705'],
    ['CPF', '529.982.247-25', '52998224725'],
    ['CNPJ', '16.727.230/0001-97', '16727230000197'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['CNPJ', '84.980.771/0001-82', '84980771000182'],
    ['CNPJ', '12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['CNPJ', '2P.76B.MNX/0001-66', '2P76BMNX000166'],
    ['RFC', 'GODE561231GR8', 'GODE561231GR8'],
    ['RFC', 'MAB9307148T4', 'MAB9307148T4'],
    ['RFC', 'MHTR93041179A', 'MHTR93041179A'],
    ['NIT', '213.123.432-1', '2131234321'],
    ['NIT', '2131234351', '2131234351'],
    ['CC', '1.020.304.050', '1020304050'],
    ['DNI', '10117410-2', '101174102'],
    ['DNI', '10117410-G', '10117410G'],
    ['RUC', '20512333797', '20512333797'],
    ['RUC', '10054148289', '10054148289'],
    ['CUIT', '20-05536168-2', '20055361682'],
    ['CUIT', '20267565393', '20267565393'],
    ['CUIL', '20-10123456-9', '20101234569'],
  ] as [DocumentType, string, string][])('accepts %s %s', (type, raw, value) => {
    expect(documentCheck(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['CPF', '231.002.999-00', 'checksum'],
    ['CPF', '111.111.111-11', 'policy'],
    ['CNPJ', '16.727.230/0001-98', 'checksum'],
    ['NIT', '2131234325', 'checksum'],
    ['NIT', '2131234350', 'checksum'],
    ['DNI', '10117410-3', 'checksum'],
    ['RUC', '20512333798', 'checksum'],
    ['CUIT', '20267565392', 'checksum'],
    ['CUIL', '30500010912', 'format'],
    ['CC', '12345', 'format'],
    ['CPF', '390.533', 'format'],
  ] as [DocumentType, string, string][])('refuses %s %s (%s)', (type, raw, issue) => {
    expect(documentCheck(type, raw)).toEqual({ ok: false, issue });
  });
});

describe('Mexican RFC (integrations.md §1.5): strict format and date, the check digit only warns', () => {
  it.each([
    // Confirmed by SAT although its check digit does not compute (django-localflavor issue #330).
    ['ACE900319JT9', 'ACE900319JT9'],
    // python-stdnum expects 5 as the check digit.
    ['VACE460910SX6', 'VACE460910SX6'],
    ['vace-460910-sx6', 'VACE460910SX6'],
  ])('accepts %s with a check-digit warning', (raw, value) => {
    expect(documentCheck('RFC', raw)).toEqual({ ok: true, value, warning: 'checksum' });
  });

  it('gives no warning when the check digit computes', () => {
    expect(documentCheck('RFC', 'GODE561231GR8')).toEqual({ ok: true, value: 'GODE561231GR8' });
  });

  it.each([
    ['GODE561331GR8', 'a 13th month'],
    ['GODE560230GR8', 'the 30th of February'],
    ['CACA561231GR8', 'a forbidden word'],
    ['GOD3561231GR8', 'a digit among the letters'],
    ['GODE561231', 'no homoclave'],
    ['GODE561231GR89', 'fourteen characters'],
    ['MAB9313148T4', 'a company RFC with a 13th month'],
  ])('refuses %s (%s) as a format error', (raw) => {
    expect(documentCheck('RFC', raw)).toEqual({ ok: false, issue: 'format' });
  });
});

describe('CLABE', () => {
  it.each(['002010077777777771', '032180000118359719', '012180026050783858'])('accepts %s', (value) => {
    expect(clabeCheck(value).ok).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    expect(clabeCheck('002010077777777772')).toEqual({ ok: false, issue: 'checksum' });
  });

  it('refuses anything but 18 digits', () => {
    expect(clabeCheck('00201007777777777')).toEqual({ ok: false, issue: 'format' });
  });

  it('builds a CLABE whose check digit validates', () => {
    const built = clabeBuild('002', '010', '07777777777');
    expect(built).toBe('002010077777777771');
    expect(clabeCheck(clabeBuild('646', '180', '00000004217')).ok).toBe(true);
  });
});

import type { CurrencyCode } from '../money/currency.ts';

/** Banks a payout can go to, by currency (bankcode/get). Codes are each country's clearing codes. */
export const BANK_CODES: Partial<Record<CurrencyCode, readonly { code: string; name: string }[]>> = {
  COP: [
    { code: '1007', name: 'Bancolombia' },
    { code: '1001', name: 'Banco de Bogotá' },
    { code: '1051', name: 'Davivienda' },
    { code: '1013', name: 'BBVA Colombia' },
    { code: '1023', name: 'Banco de Occidente' },
  ],
  PEN: [
    { code: '002', name: 'BCP' },
    { code: '003', name: 'Interbank' },
    { code: '011', name: 'BBVA Perú' },
    { code: '009', name: 'Scotiabank Perú' },
  ],
  ARS: [
    { code: '011', name: 'Banco de la Nación Argentina' },
    { code: '007', name: 'Banco Galicia' },
    { code: '072', name: 'Banco Santander Argentina' },
    { code: '017', name: 'BBVA Argentina' },
  ],
  THB: [
    { code: '002', name: 'Bangkok Bank' },
    { code: '004', name: 'Kasikornbank' },
    { code: '006', name: 'Krungthai Bank' },
    { code: '014', name: 'Siam Commercial Bank' },
  ],
  VND: [
    { code: 'VCB', name: 'Vietcombank' },
    { code: 'CTG', name: 'VietinBank' },
    { code: 'BIDV', name: 'BIDV' },
    { code: 'TCB', name: 'Techcombank' },
  ],
  MYR: [
    { code: 'MBB', name: 'Maybank' },
    { code: 'CIMB', name: 'CIMB Bank' },
    { code: 'PBB', name: 'Public Bank' },
  ],
  RUB: [
    { code: '044525225', name: 'Сбербанк' },
    { code: '044525187', name: 'ВТБ' },
    { code: '044525593', name: 'Альфа-Банк' },
  ],
};

export function bankCodesOf(currency: CurrencyCode): readonly { code: string; name: string }[] {
  return BANK_CODES[currency] ?? [];
}

import { describe, expect, it } from 'vitest';
import {
  accountIdFromLabel,
  eip55Checksum,
  erc20AddressCheck,
  erc20AddressFromAccountId,
  hexToBytes,
  trc20AddressFromAccountId,
  trc20AddressToHex,
  trc20AddressValid,
} from './crypto-address.ts';

// Reference integrations.md §1.13.
describe('TRC20 addresses', () => {
  it('decodes the published address to its hex and back', () => {
    expect(trc20AddressToHex('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('418840E6C55B9ADA326D211D818C34A994AECED808');
    expect(trc20AddressFromAccountId(hexToBytes('8840E6C55B9ADA326D211D818C34A994AECED808'))).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
  });

  it('accepts the USDT contract address and refuses its one-character twin', () => {
    expect(trc20AddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('41A614F803B6FD780986A42C78EC9C7F77E6DED13C');
    expect(trc20AddressValid('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(trc20AddressValid('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
  });

  it('derives valid addresses for sandbox orders', () => {
    expect(trc20AddressValid(trc20AddressFromAccountId(accountIdFromLabel('order-1')))).toBe(true);
  });
});

describe('ERC20 (EIP-55) addresses', () => {
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ])('accepts the checksummed %s', (address) => {
    expect(eip55Checksum(address.toLowerCase())).toBe(address);
    expect(erc20AddressCheck(address)).toEqual({ ok: true, value: address, checksummed: true });
  });

  it.each(['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77'])(
    'accepts %s without a checksum and normalises it',
    (address) => {
      const result = erc20AddressCheck(address);
      expect(result.ok && result.checksummed).toBe(false);
      expect(result.ok && result.value.toLowerCase()).toBe(address.toLowerCase());
    },
  );

  it('refuses a mixed-case address with a wrong checksum', () => {
    expect(erc20AddressCheck('0x52908400098527886E0F7030069857D2E4169Ee7')).toEqual({ ok: false, issue: 'checksum' });
  });

  it('derives checksummed addresses for sandbox orders', () => {
    const address = erc20AddressFromAccountId(accountIdFromLabel('order-2'));
    expect(erc20AddressCheck(address)).toMatchObject({ ok: true, checksummed: true });
  });
});

import { describe, expect, it } from 'vitest';
import { channelName } from './channel-name.ts';

describe('channel name', () => {
  it('names a method the way players know it, per currency where names differ', () => {
    expect(channelName('MPESA', 'KES')).toBe('M-Pesa');
    expect(channelName('BANK_TRANSFER', 'VND')).toBe('Chuyển khoản ngân hàng');
    expect(channelName('BANK_TRANSFER', 'XYZ')).toBe('Transferencia bancaria');
  });

  it('falls back to the key for a method it does not know', () => {
    expect(channelName('NEWPAY', 'BRL')).toBe('NEWPAY');
  });
});

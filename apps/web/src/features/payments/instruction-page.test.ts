import type { PaymentInstruction } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { instructionPage } from './instruction-page.ts';

const order = (channel: string, kind: PaymentInstruction['kind']) => ({ channel, instruction: { kind, provider: 'sandbox', expire_at: 0 } });

describe('instruction page', () => {
  it.each([
    ['SPEI', 'spei', 'spei'],
    ['THAI_QR', 'thai_qr', 'thaiQr'],
    ['THAI_BANK', 'bank_transfer', 'thaiBank'],
    ['BANK_TRANSFER', 'bank_transfer', 'wait'],
    ['USDT_TRC20', 'crypto', 'usdt'],
    ['PIX', 'pix', 'wait'],
    ['MPESA', 'stk_push', 'wait'],
    ['GCASH', 'redirect', 'wait'],
  ] as const)('%s (%s) shows on %s', (channel, kind, page) => {
    expect(instructionPage(order(channel, kind))).toBe(page);
  });
});

import type { PayinOrder } from '@piranha/contract';

/**
 * Which screen shows an order's payment instruction (spec §2 money routes): SPEI has its announcement page, Thai
 * QR and Thai bank their own pages, crypto the USDT page; every other method waits on /deposit-wait.
 */
export type InstructionPage = 'spei' | 'thaiQr' | 'thaiBank' | 'usdt' | 'wait';

export function instructionPage(order: Pick<PayinOrder, 'channel' | 'instruction'>): InstructionPage {
  switch (order.instruction.kind) {
    case 'spei':
      return 'spei';
    case 'thai_qr':
      return 'thaiQr';
    case 'crypto':
      return 'usdt';
    case 'bank_transfer':
      return order.channel.toUpperCase().startsWith('THAI') ? 'thaiBank' : 'wait';
    case 'pix':
    case 'upi':
    case 'stk_push':
    case 'redirect':
    case 'reference':
      return 'wait';
  }
}

import { crcHex, tlv } from './pix-brcode.ts';

/**
 * Thai QR (PromptPay) is the same EMV QRCPS-MPM layout as PIX: merchant template 29 with the PromptPay AID and a
 * 13-digit phone id (0066 + national number without its 0), currency 764, country TH, CRC-16/CCITT-FALSE last.
 */
export function promptPayBuild(phoneNational: string, amountMinor: number): string {
  const target = `0066${phoneNational.replace(/^0/, '')}`.padStart(13, '0');
  const amount = `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
  const body =
    tlv('00', '01') + tlv('01', '12') + tlv('29', tlv('00', 'A000000677010111') + tlv('01', target)) + tlv('53', '764') + tlv('54', amount) + tlv('58', 'TH');
  return `${body}6304${crcHex(`${body}6304`)}`;
}

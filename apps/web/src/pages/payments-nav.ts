import type { PayinOrder } from '@piranha/contract';
import { instructionPage } from '../features/payments/instruction-page.ts';
import { paths } from '../shared/paths/paths.ts';

/** The web-view flags (noSke, noHeader) follow the player through the money pages the shell opened. */
export function shellFlags(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ['noSke', 'noHeader']) if (search.get(name) === '1') kept.set(name, '1');
  const text = kept.toString();
  return text ? `&${text}` : '';
}

/** Where a new deposit order shows its payment instruction. */
export function depositOrderPath(order: PayinOrder, search: URLSearchParams): string {
  const page = { spei: paths.speiAnnounce, thaiQr: paths.thaiQrPay, thaiBank: paths.thBankPage, usdt: paths.usdt, wait: paths.depositWait }[
    instructionPage(order)
  ];
  return `${page}?order_id=${encodeURIComponent(order.order_id)}${shellFlags(search)}`;
}

export function orderPath(page: string, orderId: string, search?: URLSearchParams, extra = ''): string {
  return `${page}?order_id=${encodeURIComponent(orderId)}${extra}${search ? shellFlags(search) : ''}`;
}

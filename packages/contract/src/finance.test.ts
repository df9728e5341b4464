import { describe, expect, it } from 'vitest';
import { payinOrderStatus, payOrderHistory } from './finance.ts';

describe('pay/order/history pay_status', () => {
  const parse = (pay_status: unknown) => payOrderHistory.query.safeParse({ pay_status });

  it('reads one status or several, comma-separated, without repeats', () => {
    expect(parse('0,2,20').data?.pay_status).toEqual([0, 2, 20]);
    expect(parse('4').data?.pay_status).toEqual([4]);
    expect(parse(1).data?.pay_status).toEqual([1]);
    expect(parse('2,2').data?.pay_status).toEqual([2]);
  });

  it.each(['5', '0,21', '', '0,', ',2', '0;2', '-1', '0,1,2,3,4,20,0'])('refuses %j', (value) => {
    expect(parse(value).success).toBe(false);
  });
});

describe('payin/order/status', () => {
  it('carries the instruction, or null when the provider gave none', () => {
    const base = {
      order_id: 'PI1',
      status: 0,
      pay_status: 0,
      amount: 5000,
      currency: 'BRL',
      channel: 'PIX',
      first_deposit: 0,
      poll_interval_s: 10,
      create_time: 1,
    };
    expect(payinOrderStatus.data.safeParse({ ...base, instruction: null }).success).toBe(true);
    expect(payinOrderStatus.data.safeParse({ ...base, instruction: { kind: 'pix', provider: 'pix', copy_text: '000201', expire_at: 2 } }).success).toBe(true);
    expect(payinOrderStatus.data.safeParse(base).success).toBe(false);
  });
});

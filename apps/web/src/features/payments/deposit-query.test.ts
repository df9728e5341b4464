import { describe, expect, it } from 'vitest';
import { depositQueryParse } from './deposit-query.ts';

describe('deposit query flags', () => {
  it('reads the web-view flags and the USDT channel', () => {
    expect(depositQueryParse('?noSke=1&noHeader=1&rechargeChannel=USDT')).toEqual({ noSkeleton: true, noHeader: true, channel: 'USDT' });
  });

  it('treats anything but 1 as off and ignores unknown channels', () => {
    expect(depositQueryParse('noSke=true&noHeader=0&rechargeChannel=PIX')).toEqual({ noSkeleton: false, noHeader: false, channel: undefined });
    expect(depositQueryParse('')).toEqual({ noSkeleton: false, noHeader: false, channel: undefined });
  });
});

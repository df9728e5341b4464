/**
 * Spec §2 query flags of the deposit routes: noSke=1 and noHeader=1 when a native shell opens the page in a web
 * view (no skeleton, no header of ours: the shell draws its own), rechargeChannel=USDT to open on crypto.
 */
export interface DepositQuery {
  /** The shell shows its own loading; skip our skeletons. */
  noSkeleton: boolean;
  /** The shell draws its own header. */
  noHeader: boolean;
  /** The channel asked for by the link, e.g. a USDT banner. */
  channel: 'USDT' | undefined;
}

export function depositQueryParse(search: string | URLSearchParams): DepositQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const channel = params.get('rechargeChannel');
  return {
    noSkeleton: params.get('noSke') === '1',
    noHeader: params.get('noHeader') === '1',
    channel: channel?.toUpperCase() === 'USDT' ? 'USDT' : undefined,
  };
}

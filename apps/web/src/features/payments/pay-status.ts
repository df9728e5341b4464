/**
 * Spec §4: a deposit order polled for payment: 1 is paid; 0 and 2 are still pending and the poll repeats after
 * 10 s; any other status ends the poll (the order failed, timed out or was cancelled).
 */
export type DepositPollStep = 'paid' | 'pending' | 'ended';

export function depositPollStep(payStatus: number): DepositPollStep {
  if (payStatus === 1) return 'paid';
  if (payStatus === 0 || payStatus === 2) return 'pending';
  return 'ended';
}

/**
 * Spec §4 transaction pay status: 0 unprocessed, 1 finished, 2 pending, 3 timeout, 4 failed, 20 pending.
 * Unknown values read as pending: the player is never told money arrived or failed when we do not know.
 */
export type PayStatusKind = 'unprocessed' | 'success' | 'pending' | 'timeout' | 'failed';

export function payStatusKind(payStatus: number): PayStatusKind {
  switch (payStatus) {
    case 0:
      return 'unprocessed';
    case 1:
      return 'success';
    case 3:
      return 'timeout';
    case 4:
      return 'failed';
    default:
      return 'pending';
  }
}

/**
 * The status chips of the transaction list and the pay statuses each asks the server for (the history call takes
 * several, comma-separated): "pending" covers everything still open — unprocessed (0), pending (2) and review (20).
 */
export const PAY_STATUS_FILTERS = {
  all: undefined,
  success: [1],
  pending: [0, 2, 20],
  failed: [4],
  timeout: [3],
} as const satisfies Record<string, readonly number[] | undefined>;

export type PayStatusFilter = keyof typeof PAY_STATUS_FILTERS;

/** The history call's pay_status parameter for a chip: "0,2,20"; undefined for all. */
export function payStatusQueryOf(filter: PayStatusFilter): string | undefined {
  return PAY_STATUS_FILTERS[filter]?.join(',');
}

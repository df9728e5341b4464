import { type OddsThousandths } from '../odds/odds-format.ts';

/** The player's `oddsChange` preference (betting.md §1): 0 accept none, 1 accept better, 2 accept any. */
export type OddsChangePreference = 'none' | 'better' | 'any';

export function oddsChangePreferenceCode(preference: OddsChangePreference): 0 | 1 | 2 {
  switch (preference) {
    case 'none':
      return 0;
    case 'better':
      return 1;
    case 'any':
      return 2;
  }
}

export function oddsChangePreferenceFromCode(code: number): OddsChangePreference | undefined {
  if (code === 0) return 'none';
  if (code === 1) return 'better';
  if (code === 2) return 'any';
  return undefined;
}

/**
 * Placement re-prices each leg: unchanged odds are taken; better odds only when the player accepts better or
 * any; worse only when they accept any. An accepted bet is recorded at the odds actually accepted, the
 * current ones, never at the odds the player sent.
 */
export function oddsChangeAccept(
  preference: OddsChangePreference,
  requested: OddsThousandths,
  current: OddsThousandths,
): { ok: true; oddsThousandths: OddsThousandths } | { ok: false; code: 'ODDS_CHANGED' } {
  if (current === requested) return { ok: true, oddsThousandths: current };
  switch (preference) {
    case 'none':
      return { ok: false, code: 'ODDS_CHANGED' };
    case 'better':
      return current > requested ? { ok: true, oddsThousandths: current } : { ok: false, code: 'ODDS_CHANGED' };
    case 'any':
      return { ok: true, oddsThousandths: current };
  }
}

import type { MarketKey } from './profile.ts';

/**
 * What a brand's footer states about the law of its market (reference/regulation.md): the regulator whose licence
 * the operator holds there, and the minimum age. Markets without an online betting licence (India, Vietnam, …)
 * name none; the footer then says to play only where it is legal. The brands themselves are fictional.
 */
export interface MarketLegal {
  regulator?: string;
  minimumAge: number;
}

const ADULT = 18;

export const MARKET_LEGAL: Readonly<Record<MarketKey, MarketLegal>> = {
  BR: { regulator: 'SPA/MF', minimumAge: ADULT },
  MX: { regulator: 'SEGOB (DGJS)', minimumAge: ADULT },
  CO: { regulator: 'Coljuegos', minimumAge: ADULT },
  PE: { regulator: 'MINCETUR', minimumAge: ADULT },
  KE: { regulator: 'Gambling Regulatory Authority', minimumAge: ADULT },
  // PAGCOR: 21 and over; Vietnam's pilot decree 06/2017 also says 21.
  PH: { regulator: 'PAGCOR', minimumAge: 21 },
  VN: { minimumAge: 21 },
  IN: { minimumAge: ADULT },
  AR: { minimumAge: ADULT },
  TH: { minimumAge: ADULT },
  MY: { minimumAge: ADULT },
  RU: { minimumAge: ADULT },
  USD: { minimumAge: ADULT },
  CRYPTO: { minimumAge: ADULT },
  MULTI: { minimumAge: ADULT },
};

/**
 * The version of the terms a player accepts at sign-up (the /terms page's text). The server stores it with the
 * account and refuses a registration that accepts another one (TERMS_NOT_ACCEPTED): a client built before a change
 * of the terms cannot sign a player up to terms they were not shown. Change it whenever the terms text changes.
 */
export const TERMS_VERSION = '2026-11-01';

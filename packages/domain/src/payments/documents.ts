// One module per document, not the package's index: that one holds every country's validators (167 KB in the
// withdraw page's chunk). The CommonJS build, because the package's ESM build has extension-less imports Node can't load.
import * as arCuit from 'stdnum/lib/cjs/ar/cuit.js';
import * as brCnpj from 'stdnum/lib/cjs/br/cnpj.js';
import * as brCpf from 'stdnum/lib/cjs/br/cpf.js';
import * as coNit from 'stdnum/lib/cjs/co/nit.js';
import * as mxRfc from 'stdnum/lib/cjs/mx/rfc.js';
import * as peRuc from 'stdnum/lib/cjs/pe/ruc.js';

/**
 * National ids a payout method asks for (spec §5: PIX CPF; SPEI RFC; Transfiya, bank transfer and TPAGA CC;
 * Peru RUC or DNI; Argentina CUIT or CUIL). Check digits come from `stdnum` (the port of python-stdnum);
 * the Colombian cédula has no published check digit, so only its shape is checked.
 */
export const DOCUMENT_TYPES = ['CPF', 'CNPJ', 'RFC', 'CC', 'NIT', 'RUC', 'DNI', 'CUIT', 'CUIL'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * A document accepted (`value` normalised), possibly with a `warning` the player should see but that does not
 * refuse it, or refused with the reason.
 */
export type DocumentCheck = { ok: true; value: string; warning?: 'checksum' } | { ok: false; issue: 'format' | 'checksum' | 'policy' };

interface StdnumValidator {
  validate: (value: string) => { isValid: boolean; compact?: string; error?: { name?: string } };
}

function viaStdnum(validator: StdnumValidator, value: string): DocumentCheck {
  const result = validator.validate(value);
  if (result.isValid && result.compact) return { ok: true, value: result.compact };
  return { ok: false, issue: result.error?.name === 'InvalidChecksum' ? 'checksum' : 'format' };
}

/**
 * Peru's DNI/CUI: 8 digits and an optional check character, numeric or a letter (python-stdnum pe/cui). The npm
 * port refuses the letter form, which the reference lists as valid, so this one is written out.
 */
function peruDniCheck(value: string): DocumentCheck {
  const compact = value.replace(/[\s-]/g, '');
  if (!/^\d{8}[0-9A-K]?$/.test(compact)) return { ok: false, issue: 'format' };
  if (compact.length === 8) return { ok: true, value: compact };
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(compact[index]), 0) % 11;
  const check = compact[8]!;
  return check === '65432110987'[sum] || check === 'KJIHGFEDCBA'[sum] ? { ok: true, value: compact } : { ok: false, issue: 'checksum' };
}

/**
 * Mexico's RFC (reference integrations.md §1.5): 13 characters for a person, 12 for a company, the letters, the
 * date (YYMMDD, a real day), the forbidden words and the homoclave shape all strict. The check digit only warns:
 * SAT has issued real RFCs whose check digit does not compute (`ACE900319JT9`, confirmed by SAT), python-stdnum
 * skips it by default and `validate-rfc` can, so refusing it would lock real taxpayers out of SPEI payouts.
 * stdnum tests the check digit last, so an `InvalidChecksum` means everything before it passed.
 */
function rfcCheck(value: string): DocumentCheck {
  const compact = value.replace(/[\s_-]/g, '');
  // stdnum also takes the 10-character stem without the homoclave, which no bank transfer can carry.
  if (compact.length !== 12 && compact.length !== 13) return { ok: false, issue: 'format' };
  const result = mxRfc.validate(compact);
  if (result.isValid && result.compact) return { ok: true, value: result.compact };
  if (result.error?.name === 'InvalidChecksum') return { ok: true, value: compact, warning: 'checksum' };
  return { ok: false, issue: 'format' };
}

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Validates and normalises (separators removed, letters upper-case) one document number. */
export function documentCheck(type: DocumentType, raw: string): DocumentCheck {
  const value = raw.trim().toUpperCase();
  switch (type) {
    case 'CPF': {
      const result = viaStdnum(brCpf, value);
      // The check-digit maths accepts 111.111.111-11 and friends; nobody holds them, so they are refused.
      if (result.ok && /^(\d)\1{10}$/.test(result.value)) return { ok: false, issue: 'policy' };
      return result;
    }
    case 'CNPJ':
      return viaStdnum(brCnpj, value);
    case 'RFC':
      return rfcCheck(value);
    case 'CC': {
      const digits = value.replace(/[.\s]/g, '');
      return /^\d{6,10}$/.test(digits) ? { ok: true, value: digits } : { ok: false, issue: 'format' };
    }
    case 'NIT':
      return viaStdnum(coNit, value);
    case 'RUC':
      return viaStdnum(peRuc, value);
    case 'DNI':
      return peruDniCheck(value);
    case 'CUIT':
    case 'CUIL': {
      const result = viaStdnum(arCuit, value);
      // A CUIL is a CUIT of a person: prefixes 20, 23, 24 and 27.
      if (result.ok && type === 'CUIL' && !/^(20|23|24|27)/.test(result.value)) return { ok: false, issue: 'format' };
      return result;
    }
  }
}

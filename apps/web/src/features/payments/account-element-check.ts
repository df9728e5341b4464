import { documentCheck, isDocumentType, isPixKeyType, pixKeyCheck, type PixKeyType } from '@piranha/domain/payments';

/** The parts of a payout account field (contract accountElementSchema) the client checks before sending. */
export interface ElementRule {
  name: string;
  kind: 'text' | 'phone' | 'select' | 'document';
  required: 0 | 1;
  options: readonly string[];
  min_length: number;
  max_length: number;
  country_code: string;
}

export type ElementProblem =
  | { code: 'required' }
  | { code: 'phoneLength'; min: number; max: number }
  | { code: 'length'; min: number; max: number }
  | { code: 'option' }
  | { code: 'checksum' }
  | { code: 'policy' }
  | { code: 'notMobile' }
  /** A Pix key that is not a key of the type chosen (a phone key is a Brazilian mobile, an EVP a UUID…). */
  | { code: 'pixKey'; type: PixKeyType }
  | { code: 'invalid' };

/** The digits of a phone as the method counts them (spec §5): a typed "+<country code>" is not part of the length. */
export function phoneDigits(value: string, countryCode: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') && countryCode && digits.startsWith(countryCode) ? digits.slice(countryCode.length) : digits;
}

/**
 * The first thing wrong with a field before it is sent: missing, a phone with the wrong number of digits for the
 * method (GCASH 11, MPESA 10 or 11…, given by the server as min/max), a value of the wrong length, a choice not
 * offered, or a document (`documentType`: CPF, CNPJ, NIT, RUC, CUIT…) whose check digit does not compute or that
 * nobody holds (111.111.111-11) — the same domain check the server runs, so the player hears it before sending.
 * An RFC whose check digit does not compute only warns (SAT issued some), so it is no problem here either. A Pix
 * key (`pixKeyType`: CPF, CNPJ, PHONE, EMAIL, EVP) is checked as a key of that type.
 */
export function elementProblem(rule: ElementRule, value: string, documentType?: string, pixKeyType?: string): ElementProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return rule.required === 1 ? { code: rule.kind === 'select' ? 'option' : 'required' } : undefined;
  // A Pix key is checked as a key of its type (DICT's rules, the server's `pixKeyCheck`) before any length rule:
  // "5 to 77 characters" says nothing useful about a phone or a random key.
  if (rule.name === 'pix_key' && pixKeyType !== undefined && isPixKeyType(pixKeyType)) {
    const check = pixKeyCheck(pixKeyType, trimmed);
    if (check.ok) return undefined;
    return check.issue === 'format' ? { code: 'pixKey', type: pixKeyType } : elementProblemOfIssue(check.issue);
  }
  if (rule.kind === 'select') return rule.options.length > 0 && !rule.options.includes(trimmed) ? { code: 'option' } : undefined;
  if (rule.kind === 'phone') {
    const digits = phoneDigits(trimmed, rule.country_code);
    if (/[^\d\s()+-]/.test(trimmed) || (rule.min_length > 0 && digits.length < rule.min_length) || (rule.max_length > 0 && digits.length > rule.max_length)) {
      return { code: 'phoneLength', min: rule.min_length, max: rule.max_length };
    }
    return undefined;
  }
  if ((rule.min_length > 0 && trimmed.length < rule.min_length) || (rule.max_length > 0 && trimmed.length > rule.max_length)) {
    return { code: 'length', min: rule.min_length, max: rule.max_length };
  }
  if (rule.kind === 'document' && documentType !== undefined && isDocumentType(documentType)) {
    const check = documentCheck(documentType, trimmed);
    if (!check.ok) return check.issue === 'format' ? { code: 'invalid' } : elementProblemOfIssue(check.issue);
  }
  return undefined;
}

/**
 * The server's reason for refusing a field (`data.issue` beside `data.field`), as a problem the form explains in the
 * player's words: a check digit that does not match (CPF, CNPJ, CLABE, NIT, RUC…), a number nobody holds
 * (111.111.111-11), a phone that is not a mobile. The server decides; the form only says why.
 */
export function elementProblemOfIssue(issue: unknown): ElementProblem {
  switch (issue) {
    case 'checksum':
      return { code: 'checksum' };
    case 'policy':
      return { code: 'policy' };
    case 'not_mobile':
      return { code: 'notMobile' };
    case 'required':
      return { code: 'required' };
    default:
      return { code: 'invalid' };
  }
}

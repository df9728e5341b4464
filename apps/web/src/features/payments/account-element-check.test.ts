import { describe, expect, it } from 'vitest';
import { elementProblem, elementProblemOfIssue, phoneDigits, type ElementRule } from './account-element-check.ts';

const mpesaPhone: ElementRule = { name: 'phone', kind: 'phone', required: 1, options: [], min_length: 10, max_length: 11, country_code: '254' };

describe('payout account fields', () => {
  it('refuses an M-Pesa phone of 9 digits and accepts 10 or 11 (spec §5)', () => {
    expect(elementProblem(mpesaPhone, '071234567')).toEqual({ code: 'phoneLength', min: 10, max: 11 });
    expect(elementProblem(mpesaPhone, '0712345678')).toBeUndefined();
    expect(elementProblem(mpesaPhone, '07123456789')).toBeUndefined();
    expect(elementProblem(mpesaPhone, '071234567890')).toEqual({ code: 'phoneLength', min: 10, max: 11 });
  });

  it('does not count a typed country code, and refuses letters', () => {
    expect(phoneDigits('+254 712 345 678', '254')).toBe('712345678');
    expect(phoneDigits('0712-345-678', '254')).toBe('0712345678');
    expect(elementProblem(mpesaPhone, '07123abc78')).toMatchObject({ code: 'phoneLength' });
  });

  it('asks for required fields, checks lengths and offered choices', () => {
    const clabe: ElementRule = { name: 'clabe', kind: 'text', required: 1, options: [], min_length: 18, max_length: 18, country_code: '' };
    expect(elementProblem(clabe, '  ')).toEqual({ code: 'required' });
    expect(elementProblem(clabe, '00201007777777777')).toEqual({ code: 'length', min: 18, max: 18 });
    expect(elementProblem(clabe, '002010077777777771')).toBeUndefined();
    const type: ElementRule = {
      name: 'account_type',
      kind: 'select',
      required: 1,
      options: ['savings', 'checking'],
      min_length: 0,
      max_length: 0,
      country_code: '',
    };
    expect(elementProblem(type, 'savings')).toBeUndefined();
    expect(elementProblem(type, 'credit')).toEqual({ code: 'option' });
    expect(elementProblem(type, '')).toEqual({ code: 'option' });
    expect(elementProblem({ ...clabe, required: 0 }, '')).toBeUndefined();
  });
});

describe('documents, checked before sending (issue 15)', () => {
  const document: ElementRule = { name: 'document', kind: 'document', required: 1, options: [], min_length: 5, max_length: 20, country_code: '' };

  it.each([
    ['CPF', '390.533.447-05', undefined],
    ['CPF', '390.533.447-06', { code: 'checksum' }],
    ['CPF', '111.111.111-11', { code: 'policy' }],
    ['CPF', '390.533.447-0X', { code: 'invalid' }],
    ['NIT', '800.197.268-4', undefined],
    ['NIT', '800.197.268-5', { code: 'checksum' }],
    // SAT confirmed this RFC although its check digit does not compute: a warning on the server, no refusal here.
    ['RFC', 'ACE900319JT9', undefined],
  ])('%s %s → %j', (type, value, problem) => {
    expect(elementProblem(document, value, type)).toEqual(problem);
  });

  it('checks nothing beyond length until a document type is chosen', () => {
    expect(elementProblem(document, '390.533.447-06')).toBeUndefined();
    expect(elementProblem(document, '390.533.447-06', '')).toBeUndefined();
  });
});

describe('the server’s reasons, explained', () => {
  it.each([
    ['checksum', { code: 'checksum' }],
    ['policy', { code: 'policy' }],
    ['not_mobile', { code: 'notMobile' }],
    ['required', { code: 'required' }],
    ['format', { code: 'invalid' }],
    [undefined, { code: 'invalid' }],
  ])('reads the issue %s as %j', (issue, problem) => {
    expect(elementProblemOfIssue(issue)).toEqual(problem);
  });

  it('checks a Pix key as a key of the type chosen, as the server does', () => {
    const pixKey = { name: 'pix_key', kind: 'text', required: 1, options: [], min_length: 5, max_length: 77, country_code: '' } as const;
    expect(elementProblem(pixKey, '11987654321', undefined, 'PHONE')).toBeUndefined();
    expect(elementProblem(pixKey, '+55 (11) 98765-4321', undefined, 'PHONE')).toBeUndefined();
    // A landline is no phone key, and four digits are no phone at all (not "5 to 77 characters").
    expect(elementProblem(pixKey, '1133334444', undefined, 'PHONE')).toEqual({ code: 'notMobile' });
    expect(elementProblem(pixKey, '1234', undefined, 'PHONE')).toEqual({ code: 'pixKey', type: 'PHONE' });
    expect(elementProblem(pixKey, 'ana@example.com', undefined, 'EMAIL')).toBeUndefined();
    expect(elementProblem(pixKey, 'ana@example', undefined, 'EMAIL')).toEqual({ code: 'pixKey', type: 'EMAIL' });
    expect(elementProblem(pixKey, '123e4567-e89b-12d3-a456-426655440000', undefined, 'EVP')).toBeUndefined();
    expect(elementProblem(pixKey, '123e4567e89b12d3a456426655440000', undefined, 'EVP')).toEqual({ code: 'pixKey', type: 'EVP' });
    expect(elementProblem(pixKey, '529.982.247-25', undefined, 'CPF')).toBeUndefined();
    expect(elementProblem(pixKey, '529.982.247-24', undefined, 'CPF')).toEqual({ code: 'checksum' });
    expect(elementProblem(pixKey, '11.222.333/0001-81', undefined, 'CNPJ')).toBeUndefined();
    expect(elementProblem(pixKey, '11.222.333/0001-80', undefined, 'CNPJ')).toEqual({ code: 'checksum' });
    // Before a type is chosen only the length rule applies; the type's own select says it is missing.
    expect(elementProblem(pixKey, '1234')).toEqual({ code: 'length', min: 5, max: 77 });
  });
});

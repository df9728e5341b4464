import { describe, expect, it } from 'vitest';
import { mpesaMsisdn, mpesaPassword, mpesaTimestamp } from './mpesa.ts';

// Reference integrations.md §1.10.
describe('M-Pesa Express', () => {
  it('builds the published sandbox password', () => {
    expect(mpesaPassword('174379', 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', '20240330120711')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjQwMzMwMTIwNzEx',
    );
  });

  it('stamps time in Nairobi', () => {
    expect(mpesaTimestamp(new Date('2024-03-30T09:07:11Z'))).toBe('20240330120711');
  });

  it.each([
    ['0712123456', '254712123456'],
    ['+254712123456', '254712123456'],
    ['254708374149', '254708374149'],
    ['0110 123456', '254110123456'],
    ['712123456', '254712123456'],
  ])('normalises %s to %s', (raw, msisdn) => {
    expect(mpesaMsisdn(raw)).toBe(msisdn);
  });

  it.each(['0812123456', '07121234', '+255712123456'])('refuses %s', (raw) => {
    expect(mpesaMsisdn(raw)).toBeUndefined();
  });
});

import { endpoint } from './endpoint.ts';
import { deferred, described, integer } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Identity checks (issue 20, decision 037). The player sends the document number, birth date and two photos (the
 * document, a selfie) once; the identity provider decides on its own page and notifies the server, which computes the
 * age from the birth date the provider read and records the state. A state change is audited (safer-play history).
 */
const KYC = '/api/piranha/kyc';

export const KYC_STATE_VALUES = ['unverified', 'pending', 'verified', 'rejected'] as const;

export const kycStateSchema = deferred(() =>
  z.object({
    state: described(z.enum(KYC_STATE_VALUES), 'unverified, pending (the provider decides), verified or rejected'),
    reason: described(z.string(), 'Why it was rejected: declined, underage or cpf_mismatch ("" otherwise)'),
    required_before: described(z.enum(['withdrawal', 'play', 'none']), 'What the brand’s law asks the check before (none: optional)'),
    document_type: described(z.enum(['CPF', 'ID']), 'The document asked for: CPF in Brazil, else an id or passport number'),
    document_masked: described(z.string(), 'The document number sent, masked ("" before one is sent)'),
    minimum_age: integer('The minimum age of the brand’s market'),
    provider_url: described(z.string(), 'The provider’s page for a pending check ("" otherwise)'),
    update_time: integer('When the state last changed (0: never)'),
  }),
);

export const kycState = endpoint(() => ({
  method: 'GET',
  path: `${KYC}/state`,
  host: 'main',
  auth: 'user',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: described(z.undefined(), 'No body'),
  data: kycStateSchema,
}));

/** Base64 of at most 2 MB of bytes (2,796,204 characters with padding). */
const fileSchema = (what: string) => described(z.string().check(z.minLength(4), z.maxLength(2_796_204), z.regex(/^[A-Za-z0-9+/]+={0,2}$/)), what);

export const kycSubmit = endpoint(() => ({
  method: 'POST',
  path: `${KYC}/submit`,
  host: 'main',
  auth: 'user',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: z.strictObject({
    document_number: described(z.string().check(z.minLength(5), z.maxLength(32)), 'The document number (Brazil: the CPF)'),
    birth_date: described(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), 'Birth date as on the document, YYYY-MM-DD'),
    document_file: fileSchema('The document photo (JPEG, PNG, WebP) or PDF, base64, at most 2 MB'),
    selfie_file: fileSchema('A selfie (JPEG, PNG, WebP), base64, at most 2 MB'),
  }),
  data: kycStateSchema,
}));

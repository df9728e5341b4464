import { readFileSync } from 'node:fs';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type FlattenedJWSInput, type JSONWebKeySet, type JWSHeaderParameters } from 'jose';
import { IdentityTokenError, type IdentityClaims, type IdentityVerifier } from './identity.ts';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_JWKS_URL_DEFAULT = 'https://www.googleapis.com/oauth2/v3/certs';

export interface GoogleVerifierOptions {
  /** Google's key set URL; fetched on first use and cached by jose (keys rotate). */
  jwksUrl: string;
  /** A key set file used instead of the URL: offline installs and tests. */
  jwksFile: string | undefined;
  now: () => Date;
}

/** The claim a jose refusal is about, so the answer can name it (aud, iss, exp…). */
function issueOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'exp';
  if (error instanceof errors.JWTClaimValidationFailed) return error.claim;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JWKSNoMatchingKey) return 'kid';
  if (error instanceof errors.JOSEError) return error.code;
  return 'malformed';
}

/**
 * Google Identity Services ID tokens (integrations.md §6): RS256 signature by a key of Google's set, iss one of
 * Google's two spellings, aud the brand's client id, exp in the future with a minute of clock skew.
 */
export function googleIdTokenVerifier(options: GoogleVerifierOptions): IdentityVerifier {
  // A key set file is read at start (a bad one fails the start); Google's remote set is made on the first sign-in,
  // as it would fetch only then: making it loads Node's HTTPS client, which a start otherwise never needs (decision 103).
  const local = options.jwksFile ? createLocalJWKSet(JSON.parse(readFileSync(options.jwksFile, 'utf8')) as JSONWebKeySet) : undefined;
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined;
  const keys = local ?? ((header: JWSHeaderParameters, input: FlattenedJWSInput) => (remote ??= createRemoteJWKSet(new URL(options.jwksUrl)))(header, input));
  return {
    async verify(token, audience): Promise<IdentityClaims> {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: GOOGLE_ISSUERS,
          audience,
          algorithms: ['RS256'],
          currentDate: options.now(),
          clockTolerance: 60,
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        throw new IdentityTokenError(issueOf(error));
      }
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new IdentityTokenError('sub');
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined;
      // Google vouches for an address only when it says so, and is its authority only for gmail.com and Workspace (hd).
      const emailAuthoritative = email !== undefined && payload.email_verified === true && (email.endsWith('@gmail.com') || typeof payload.hd === 'string');
      return { subject: payload.sub, email, emailAuthoritative };
    },
  };
}

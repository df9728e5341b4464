/** What a verified social sign-in tells us. `subject` is the provider's stable id of the person (never reused). */
export interface IdentityClaims {
  subject: string;
  email: string | undefined;
  /** True only when the provider vouches for the address (Google: email_verified, and a gmail.com address or a Workspace domain). */
  emailAuthoritative: boolean;
}

export class IdentityTokenError extends Error {
  /** Which check failed: signature, iss, aud, exp… */
  readonly issue: string;
  constructor(issue: string) {
    super(`identity token refused: ${issue}`);
    this.name = 'IdentityTokenError';
    this.issue = issue;
  }
}

/** Verifies a provider's ID token for one audience (the brand's client id). */
export interface IdentityVerifier {
  verify(token: string, audience: string): Promise<IdentityClaims>;
}

import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum cost (19 MiB, 2 passes, 1 lane): about 50 ms here. The parameters travel in
 * the PHC string, so raising them later only affects new hashes. The library's default algorithm is argon2id
 * (its enum cannot be imported under verbatimModuleSyntax); a test checks the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function passwordHash(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), OPTIONS);
}

/** A hash of nothing anyone knows, verified when the e-mail is unknown so both answers take the same time. */
let decoyHash: Promise<string> | undefined;

export async function passwordVerify(storedHash: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= passwordHash(`decoy-${Math.random()}`);
  const target = storedHash ?? (await decoyHash);
  try {
    const matches = await verify(target, password.normalize('NFKC'));
    return matches && storedHash !== null && storedHash !== undefined;
  } catch {
    return false;
  }
}

/**
 * The most used passwords that would pass the length, letter and digit rules (public breach lists), refused at
 * sign-up (ASVS: no well-known passwords). Compared lower-cased.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty123',
  'qwerty12',
  'qwerty1234',
  'qwe12345',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1b2c3d4',
  'aa123456',
  'asd12345',
  'zxc12345',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'q1w2e3r4t5',
  '12345678a',
  '123456789a',
  '1234567a',
  'a12345678',
  'a123456789',
  'iloveyou1',
  'admin123',
  'welcome1',
  'welcome123',
  'football1',
  'monkey123',
  'dragon123',
  'letmein1',
  'sunshine1',
  'senha123',
  'senha1234',
  'brasil123',
  'mexico123',
  'contraseña1',
  'teamo123',
]);

export function passwordIsCommon(password: string): boolean {
  return COMMON_PASSWORDS.has(password.normalize('NFKC').toLowerCase());
}

import { describe, expect, it } from 'vitest';
import { deviceSecretIn, deviceSecretsWith } from './device-secret.ts';

const SECRET = 'Zm9vYmFyYmF6cXV4LTAxMjM0NTY3ODlhYmNkZWZnaGk';

describe('the device secrets kept per brand', () => {
  it('gives back the secret kept for the brand, and nothing for another brand', () => {
    const stored = deviceSecretsWith(undefined, 'piranha', SECRET);
    expect(deviceSecretIn(stored, 'piranha')).toBe(SECRET);
    expect(deviceSecretIn(stored, 'aguila')).toBeUndefined();
  });

  it('replaces only the brand’s own secret', () => {
    const stored = deviceSecretsWith(deviceSecretsWith(undefined, 'piranha', SECRET), 'aguila', `${SECRET}-mx`);
    expect(deviceSecretIn(deviceSecretsWith(stored, 'piranha', `${SECRET}-2`), 'aguila')).toBe(`${SECRET}-mx`);
  });

  it('ignores what the server would refuse: a damaged store or a secret of the wrong shape', () => {
    expect(deviceSecretIn('not an object', 'piranha')).toBeUndefined();
    expect(deviceSecretIn({ piranha: 'short' }, 'piranha')).toBeUndefined();
    expect(deviceSecretIn({ piranha: 'has spaces in the secret value' }, 'piranha')).toBeUndefined();
    expect(deviceSecretIn(null, 'piranha')).toBeUndefined();
  });
});

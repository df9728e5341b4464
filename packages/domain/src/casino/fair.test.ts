import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { crashPoint } from './games/crash.ts';
import { diceRoll } from './games/dice.ts';
import { fairFloatOf, fairFloats, fairFloatStream, fairRoundBytes, fairSeedHash, hmacSha256, hmacSha256Hex } from './fair.ts';

// integrations.md §7.2, the Stake-style regression vector.
const SERVER_SEED = 'fa5a9a8e2ac0b8b4b5cd6b4fb4c9a4f0e2e1b7dba0a3d2c1f5e6a7b8c9d0e1f2';
const CLIENT_SEED = 'client-seed-123';

describe('provably fair bytes (integrations.md §7.2 vectors)', () => {
  it('commits to the server seed by its SHA-256', () => {
    expect(fairSeedHash(SERVER_SEED)).toBe('18d694eec56ae3b4b87d366f9245fb3ff2d3b1ad420952115d4ee7a59858b60a');
  });

  it('makes round 0 of nonce 1 from HMAC-SHA256(serverSeed, "clientSeed:1:0")', () => {
    const bytes = fairRoundBytes(SERVER_SEED, CLIENT_SEED, 1, 0);
    expect(bytesToHex(bytes)).toBe('36a76679560d2462655248bc948032e7803ddcf3251761b0b39e3427ac599fb3');
  });

  it('turns 4 bytes into the published floats, dice roll and limbo/crash point', () => {
    const floats = fairFloats(SERVER_SEED, CLIENT_SEED, 1, 3);
    expect(floats).toEqual([0.21349182561971247, 0.3361380328424275, 0.39578680600970984]);
    expect(diceRoll(floats[0]!) / 100).toBe(21.35);
    expect(crashPoint(floats[0]!) / 100).toBe(4.63);
  });

  it('moves to HMAC round 1 after 8 floats', () => {
    const stream = fairFloatStream(SERVER_SEED, CLIENT_SEED, 1);
    const first = Array.from({ length: 9 }, () => stream());
    const round1 = fairRoundBytes(SERVER_SEED, CLIENT_SEED, 1, 1);
    expect(first[8]).toBe(fairFloatOf(round1, 0));
    expect(first[7]).toBe(fairFloatOf(fairRoundBytes(SERVER_SEED, CLIENT_SEED, 1, 0), 28));
  });

  it('passes the RFC 4231 HMAC-SHA256 test cases', () => {
    expect(hmacSha256Hex(new Uint8Array(20).fill(0x0b), 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    // Test case 6: a key longer than the block is hashed first.
    expect(hmacSha256Hex(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First')).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it('draws the same stream with an injected HMAC function', () => {
    const calls: string[] = [];
    const injected = fairFloatStream(SERVER_SEED, CLIENT_SEED, 7, (key, message) => {
      calls.push(message);
      return hmacSha256(key, message);
    });
    const pure = fairFloatStream(SERVER_SEED, CLIENT_SEED, 7);
    for (let i = 0; i < 20; i += 1) expect(injected()).toBe(pure());
    expect(calls).toEqual([`${CLIENT_SEED}:7:0`, `${CLIENT_SEED}:7:1`, `${CLIENT_SEED}:7:2`]);
  });
});

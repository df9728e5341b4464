import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * USDT deposit and payout addresses (reference integrations.md §1.13): TRC20 is Base58Check of 0x41 plus a
 * 20-byte account id; ERC20 is EIP-55 mixed-case hex, whose case spells keccak-256 of the lower-case address.
 */
const base58check = createBase58check(sha256);

export const CRYPTO_NETWORKS = ['TRC20', 'ERC20'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export function trc20AddressFromAccountId(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('a TRON account id is 20 bytes');
  return base58check.encode(new Uint8Array([0x41, ...accountId]));
}

export function trc20AddressToHex(address: string): string | undefined {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41 ? bytesToHex(bytes).toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

export function trc20AddressValid(address: string): boolean {
  return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && trc20AddressToHex(address) !== undefined;
}

/** The EIP-55 form of a 20-byte hex address (with or without 0x, any case). */
export function eip55Checksum(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error('an Ethereum address is 40 hex digits');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

export type Erc20Check = { ok: true; value: string; checksummed: boolean } | { ok: false; issue: 'format' | 'checksum' };

/**
 * Mixed case must match its checksum. All-lower or all-upper carries no checksum: accepted, normalised to
 * the checksummed form and flagged so the page can ask the player to confirm it.
 */
export function erc20AddressCheck(address: string): Erc20Check {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { ok: false, issue: 'format' };
  const body = address.slice(2);
  const checksummed = eip55Checksum(address);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return { ok: true, value: checksummed, checksummed: false };
  return checksummed === address ? { ok: true, value: address, checksummed: true } : { ok: false, issue: 'checksum' };
}

export function erc20AddressFromAccountId(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('an Ethereum account id is 20 bytes');
  return eip55Checksum(bytesToHex(accountId));
}

/** A deterministic 20-byte account id for a label (the sandbox derives one deposit address per order). */
export function accountIdFromLabel(label: string): Uint8Array {
  return keccak_256(new TextEncoder().encode(label)).slice(12);
}

export { hexToBytes };

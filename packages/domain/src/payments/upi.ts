/**
 * UPI (reference integrations.md §1.9): a VPA is `localpart@handle`; the intent link follows NPCI's linking
 * specification `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…`.
 */
export function upiVpaValid(vpa: string): boolean {
  return /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,254}[A-Za-z0-9])?@[A-Za-z]{2,64}$/.test(vpa) && vpa.split('@')[0]!.length >= 2;
}

export interface UpiLinkInput {
  vpa: string;
  payeeName: string;
  amountMinor: number;
  note: string;
  reference: string;
  merchantCode?: string;
}

export function upiLinkBuild(input: UpiLinkInput): string {
  const amount = `${Math.trunc(input.amountMinor / 100)}.${String(input.amountMinor % 100).padStart(2, '0')}`;
  const query = [
    ['pa', input.vpa],
    ['pn', input.payeeName],
    ['mc', input.merchantCode ?? '7995'],
    ['tr', input.reference],
    ['tn', input.note],
    ['am', amount],
    ['cu', 'INR'],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `upi://pay?${query}`;
}

/** IFSC: 4-letter bank, a literal 0, 6-character branch. The format does not prove the branch exists. */
export function ifscValid(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

/**
 * How a payout's confirmation names where the money goes (UI.md: "Pay
 * ฿25,000 to SOMCHAI J., KBANK xxx-x-x1234-x"): the account holder's first
 * name and initial, the bank, and the account number masked as Thai banks
 * print it on a slip, so a screen seen over a shoulder does not give it away
 * while the operator can still check it against the transfer they made.
 */

/** "SOMCHAI JAIDEE" → "SOMCHAI J."; a single name stays whole. */
export function shortName(accountName: string): string {
  const [first = '', ...rest] = accountName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]}.` : first;
}

/** "1234512345" → "xxx-x-x1234-x" (a 10-digit account, as slips print it); other lengths keep their last four digits. */
export function maskedAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  if (digits.length === 10) return `xxx-x-x${digits.slice(5, 9)}-x`;
  return `…${digits.slice(-4)}`;
}

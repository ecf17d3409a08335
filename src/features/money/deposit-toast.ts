/** The toast id of a deposit of `amount`: the deposit modal and the wallet's news tell of one QR payment as one toast. */
export function depositToastId(amount: number): string {
  return `deposit:${amount}`;
}

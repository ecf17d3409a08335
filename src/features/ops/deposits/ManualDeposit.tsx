export function ManualDeposit() {
  return null;
}

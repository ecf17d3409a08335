export function PaymentQueue() {
  return null;
}

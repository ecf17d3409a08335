/**
 * Hub88's request signing (Operator API overview, "Request signing"): the
 * raw body, exactly as sent, signed with RSA-SHA256 and the sender's
 * private key, base64 in `X-Hub88-Signature`; the receiver checks it with
 * the sender's public key. We sign our Games API calls with the operator's
 * key (HUB88_PRIVATE_KEY) and check the Wallet API's calls with Hub88's
 * (HUB88_PUBLIC_KEY).
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** A PEM from the environment: literal `\n` escapes (one-line variables) become newlines. */
export function pemOf(text: string): string {
  return text.includes('\\n') ? text.replaceAll('\\n', '\n') : text;
}

/** An RSA private key from PEM text; throws when it is not one. */
export function rsaPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pemOf(pem));
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('not an RSA private key');
  return key;
}

/** An RSA public key from PEM text; throws when it is not one. */
export function rsaPublicKey(pem: string): KeyObject {
  // Node derives a public key from a private one; a private key in the public key's place is a mistake (and a leak).
  if (pem.includes('PRIVATE KEY')) throw new TypeError('a private key, not a public one');
  const key = createPublicKey(pemOf(pem));
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('not an RSA public key');
  return key;
}

export function signBody(privateKey: KeyObject, body: string | Buffer): string {
  return sign('RSA-SHA256', Buffer.isBuffer(body) ? body : Buffer.from(body), privateKey).toString('base64');
}

/** Whether `signature` (base64) signs these exact bytes; a malformed signature is simply not valid. */
export function isSignedBy(publicKey: KeyObject, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('RSA-SHA256', body, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

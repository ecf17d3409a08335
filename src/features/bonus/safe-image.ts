/**
 * Image addresses from the server (banners): only http(s) or a path of our
 * own origin is rendered; anything else (javascript:, data:, a protocol-relative
 * '//host') is refused.
 */
export function safeImageUrl(address: string): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

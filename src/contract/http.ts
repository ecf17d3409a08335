/**
 * What every API call carries on the wire (spec 7, 9). Kept apart from the
 * endpoint table so the SPA's first page can send requests' headers without
 * loading every schema (src/api/client.ts loads the table with the first call).
 */

/** spec 7: the fixed marker every API call carries. */
export const REQUESTED_WITH = 'XMLHttpRequest';
/** spec 9: HTTP timeout 60 s; uploads 300 s. */
export const HTTP_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;

/** The header a money-moving call carries (one fresh key per member action, reused on retry). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A path with its `:name` segments filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * A bank's payment reference in one form, so the same payment cannot be
 * credited twice under two spellings: Unicode-folded (NFKC: full-width
 * letters become plain ones), without invisible format characters (a
 * zero-width space) or spaces, upper case. Slip QR references are already
 * in this form.
 */
export function bankReference(text: string): string {
  return text.normalize('NFKC').replace(/[\p{Cf}\s]/gu, '').toUpperCase();
}

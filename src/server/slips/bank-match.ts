/**
 * Comparing what a bank shows of an account with what we hold in full.
 * Banks mask account numbers ("xxx-x-x1234-x", "1234xxxx5678") and shorten
 * English names ("MR. SOMCHAI J"), so a comparison is position by position
 * and by prefix, and it fails whenever it cannot be sure.
 */

/** Fewer visible digits than this prove nothing about whose account it is. */
const MIN_VISIBLE_DIGITS = 4;

/**
 * Whether `masked` can be `full`: the same number of characters once dashes
 * and spaces are gone, every visible digit equal, and at least four
 * visible. An x (or *) hides a digit.
 */
export function maskedMatches(masked: string | null, full: string): boolean {
  if (masked === null) return false;
  const shown = masked.replace(/[\s-]/g, '').toLowerCase();
  const digits = full.replace(/[\s-]/g, '');
  if (shown.length !== digits.length || !/^\d+$/.test(digits)) return false;
  let visible = 0;
  for (let i = 0; i < shown.length; i += 1) {
    const c = shown[i]!;
    if (c === 'x' || c === '*') continue;
    if (c !== digits[i]) return false;
    visible += 1;
  }
  return visible >= MIN_VISIBLE_DIGITS;
}

/** Titles banks put before a person's name, Thai and English. */
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'นาย', 'นาง', 'นางสาว', 'น.ส', 'ด.ช', 'ด.ญ']);

function nameWords(name: string): string[] {
  const words = name
    .normalize('NFC')
    .toUpperCase()
    .split(/\s+/)
    .map((word) => word.replace(/\.+$/, ''))
    .filter((word) => word !== '');
  // "น.ส.สมหญิง" writes the title against the name.
  if (words[0]?.startsWith('น.ส.')) words[0] = words[0].slice(4);
  while (words.length > 0 && TITLES.has(words[0]!)) words.shift();
  return words.filter((word) => word !== '');
}

/**
 * Whether a name the bank shows is the registered account name: the same
 * first name, and a last name the shown one begins (banks cut it short,
 * to one letter at times). A shown name without a last name matches
 * nothing.
 */
export function namesMatch(shown: string | null, registered: string): boolean {
  if (shown === null) return false;
  const [first, ...rest] = nameWords(shown);
  const [registeredFirst, ...registeredRest] = nameWords(registered);
  if (first === undefined || registeredFirst === undefined || first !== registeredFirst) return false;
  const last = rest.join(' ');
  return last !== '' && registeredRest.join(' ').startsWith(last);
}

/**
 * Passwords people guess first: a new password (registration, a password
 * change) that zxcvbn-ts scores below 2 — found in its list of common and
 * breached passwords, or a keyboard run, a repeat, a date, the phone or the
 * name — is refused PASSWORD_TOO_COMMON. Score 2 means more than 10^6
 * guesses, out of reach of online guessing under the login limits
 * (policy.ts LOGIN_DELAY, ACCOUNT_LOGIN_DELAY).
 *
 * The dictionaries (about 2 MB) load with the first check, not at start.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** The lowest score accepted (zxcvbn's 0-4). */
export const PASSWORD_MIN_SCORE = 2;

let checker: Promise<ZxcvbnFactory> | undefined;

function zxcvbn(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

/** PASSWORD_TOO_COMMON when the password is among the first guessed; `personal` are the member's own words (phone, name). */
export async function commonPasswordError(password: string, personal: readonly string[]): Promise<'PASSWORD_TOO_COMMON' | null> {
  const words = personal.flatMap((text) => text.split(/\s+/)).filter((word) => word.length >= 3);
  const { score } = (await zxcvbn()).check(password, words);
  return score < PASSWORD_MIN_SCORE ? 'PASSWORD_TOO_COMMON' : null;
}

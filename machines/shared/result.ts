/**
 * What an I/O actor resolves with. Expected failures (a catalogue code from
 * the server) are data that guards route on; only the unexpected (network
 * down, a bug) rejects and lands in `onError`.
 */
export type Result<T> = { ok: true; data: T } | { ok: false; message: string };

/** Client-side message for a call that never got an answer (offline, timeout). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** The data of an answer a guard has already found ok; only narrows the type. */
export function okData<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Expected an ok answer, got "${result.message}"`);
  return result.data;
}

/** The message of an answer a guard has already found failed; only narrows the type. */
export function failureMessage(result: Result<unknown>): string {
  if (result.ok) throw new Error('Expected a failed answer, got an ok one');
  return result.message;
}

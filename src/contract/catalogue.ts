/**
 * Every message the server may answer in a failing `message` (spec 8), as one
 * list: the tests hold every refusal to it. Not part of errors.ts, which the
 * SPA's first page loads: the SPA never needs the whole list.
 */
import { SLIP_REASON_CODES } from './common.ts';
import { ERROR_CODES, SPECIAL_MESSAGES, type ApiMessage } from './errors.ts';

const ALL_MESSAGES: readonly ApiMessage[] = [...SPECIAL_MESSAGES, ...ERROR_CODES, ...SLIP_REASON_CODES];

const knownMessages = new Set<string>(ALL_MESSAGES);

export function isKnownMessage(message: unknown): message is ApiMessage {
  return typeof message === 'string' && knownMessages.has(message);
}

/**
 * Request bodies are checked with the contract's valibot schemas; a failure
 * becomes one catalogue code: a missing or empty required field KEY_MISSING,
 * anything else KEY_INVALID, unless the schema names a code itself (the OTP
 * code's format says OTP_CODE_INVALID).
 */
import * as v from 'valibot';
import { ERROR_CODES, type ErrorCode } from '../contract/errors.ts';
import { ApiError } from './errors.ts';

const errorCodes = new Set<string>(ERROR_CODES);

function codeFor(issue: v.BaseIssue<unknown>): ErrorCode {
  if (errorCodes.has(issue.message)) return issue.message as ErrorCode;
  const missingKey = issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined && issue.path !== undefined;
  const emptyRequired = issue.type === 'min_length' && issue.input === '';
  return missingKey || emptyRequired ? 'KEY_MISSING' : 'KEY_INVALID';
}

/** No field of this API holds control characters, and PostgreSQL cannot store NUL in text at all. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

function holdsControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsControlCharacters);
  return false;
}

export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (body === undefined) throw new ApiError(400, 'KEY_MISSING');
  // valibot's object() accepts arrays; a body must be a plain JSON object.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'KEY_INVALID');
  if (holdsControlCharacters(body)) throw new ApiError(400, 'KEY_INVALID');
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError(400, codeFor(result.issues[0]));
  return result.output;
}

/** Path parameters and query strings: always an object of strings, so only their values can be wrong. */
export function parseParts<S extends v.GenericSchema>(schema: S, parts: unknown): v.InferOutput<S> {
  if (holdsControlCharacters(parts)) throw new ApiError(400, 'KEY_INVALID');
  const result = v.safeParse(schema, parts ?? {});
  if (!result.success) throw new ApiError(400, codeFor(result.issues[0]));
  return result.output;
}

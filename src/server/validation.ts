/**
 * Request bodies are checked with the contract's valibot schemas; a failure
 * becomes one catalogue code: a missing or empty required field KEY_MISSING,
 * anything else KEY_INVALID, unless the schema names a code itself (the OTP
 * code's format says OTP_CODE_INVALID). A body nested too deep or too large
 * to walk is KEY_INVALID before any schema sees it.
 */
import * as v from 'valibot';
import { RECORD_ID } from '../contract/api.ts';
import { ERROR_CODES, type ErrorCode } from '../contract/errors.ts';
import { ApiError } from './errors.ts';
import { BODY_MAX_DEPTH, BODY_MAX_VALUES } from './policy.ts';

const errorCodes = new Set<string>(ERROR_CODES);

function codeFor(issue: v.BaseIssue<unknown>): ErrorCode {
  if (errorCodes.has(issue.message)) return issue.message as ErrorCode;
  const missingKey = issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined && issue.path !== undefined;
  const emptyRequired = issue.type === 'min_length' && issue.input === '';
  return missingKey || emptyRequired ? 'KEY_MISSING' : 'KEY_INVALID';
}

/**
 * No field of this API holds control characters, and PostgreSQL cannot store
 * NUL in text at all. Chat messages (an endpoint marked `multiline`) may hold
 * line breaks and tabs, and nothing else below space.
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a UTF-16 pair without the other half (JSON's "\ud800"): no text, and PostgreSQL refuses it inside JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a parsed body (or the path parameters, or the query) is fit to
 * reach a schema: at most BODY_MAX_DEPTH levels of objects and arrays, at most
 * BODY_MAX_VALUES values, and no control character or lone surrogate in any string. A loop over an
 * explicit stack, not recursion: a deeply nested body overflowed the call
 * stack once and answered 500 (docs/decisions/0083-body-walk-caps.md).
 */
function isPlainInput(root: unknown, control: RegExp = CONTROL_CHARACTER): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  let values = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    values += 1;
    if (values > BODY_MAX_VALUES) return false;
    if (typeof value === 'string') {
      if (control.test(value) || LONE_SURROGATE.test(value)) return false;
    } else if (typeof value === 'object' && value !== null) {
      if (depth > BODY_MAX_DEPTH) return false;
      const children = Object.values(value);
      if (values + pending.length + children.length > BODY_MAX_VALUES) return false;
      for (const child of children) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown, { multiline = false } = {}): v.InferOutput<S> {
  if (body === undefined) {
    // A body the endpoint may leave out (a payout's reference): nothing sent is nothing asked.
    if (v.is(schema, undefined)) return undefined;
    throw new ApiError(400, 'KEY_MISSING');
  }
  // valibot's object() accepts arrays; a body must be a plain JSON object.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'KEY_INVALID');
  if (!isPlainInput(body, multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL_CHARACTER)) throw new ApiError(400, 'KEY_INVALID');
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError(400, codeFor(result.issues[0]));
  return result.output;
}

/** Path parameters and query strings: always an object of strings, so only their values can be wrong. */
export function parseParts<S extends v.GenericSchema>(schema: S, parts: unknown): v.InferOutput<S> {
  if (!isPlainInput(parts)) throw new ApiError(400, 'KEY_INVALID');
  const result = v.safeParse(schema, parts ?? {});
  if (!result.success) throw new ApiError(400, codeFor(result.issues[0]));
  return result.output;
}


/** A row id written as text, or null when it names no row: not an id, or beyond JavaScript's exact integers. */
export function recordIdOrNull(text: string): number | null {
  if (!RECORD_ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** A row id from a path: 404 NO_DATA when it names no row (recordIdOrNull). */
export function recordId(text: string): number {
  const id = recordIdOrNull(text);
  if (id === null) throw new ApiError(404, 'NO_DATA');
  return id;
}

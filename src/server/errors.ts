import type { ApiMessage } from '../contract/errors.ts';

/**
 * An expected failure: the error handler answers `{ message: code }` with
 * `statusCode`. Anything else thrown is unexpected and becomes a logged 500.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ApiMessage;

  constructor(statusCode: number, code: ApiMessage) {
    super(code);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

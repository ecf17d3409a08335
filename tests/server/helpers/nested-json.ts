/**
 * Bodies nested far deeper than any body of this API (a 60 KB nested body
 * once answered 500: docs/decisions/0083-body-walk-caps.md). They are written as text: JSON.stringify
 * itself overflows the stack on values a few thousand levels deep, and
 * JSON.parse (which Fastify uses) does not.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fillPath, type Endpoint } from '../../../src/contract/endpoints.ts';
import { headersFor, type CallOptions } from './http.ts';

export type NestedShape = 'object' | 'array';

/** A JSON value of about `bytes` characters: objects `{"a":{"a":…}}` or arrays `[[[…]]]`, one level inside the next. */
export function nestedJson(shape: NestedShape, bytes: number): string {
  if (shape === 'array') {
    const levels = Math.floor(bytes / 2);
    return '['.repeat(levels) + ']'.repeat(levels);
  }
  const levels = Math.floor((bytes - 1) / 6);
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** A request body given as JSON text: a body too deep for JSON.stringify. */
export class JsonText {
  constructor(readonly text: string) {}

  /** A body object whose field `field` holds `value`, beside the other fields of `rest`. */
  static withField(rest: Record<string, unknown>, field: string, value: string): JsonText {
    const others = JSON.stringify(rest).slice(1, -1);
    return new JsonText(`{${others}${others === '' ? '' : ','}${JSON.stringify(field)}:${value}}`);
  }
}

/** `call` for a body given as JSON text. */
export function callWithJsonText(app: FastifyInstance, endpoint: Endpoint, body: JsonText, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, options.params),
    ...(options.query !== undefined && { query: options.query }),
    headers: { ...headersFor(options), 'content-type': 'application/json' },
    payload: body.text,
  });
}

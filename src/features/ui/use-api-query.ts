/**
 * A small read-only query for views: one GET through the API client, refetched
 * when the language changes (server texts come localized by Accept-Language).
 * Failures become data: the view decides to show them or ignore them (spec 7).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { BodyOf, EndpointName, ResponseOf } from '../../contract/endpoints.ts';
import { NETWORK_ERROR } from '../../../machines/shared/result.ts';
import type { CallOptions, CallOptionsOf } from '../../api/client.ts';
import { useApi } from '../../app/use-app.ts';

/** Endpoints without a request body, path parameters or idempotency key: the ones a view may just read. */
export type ReadEndpoint = {
  [N in EndpointName]: BodyOf<N> extends undefined ? ({} extends CallOptionsOf<N> ? N : never) : never;
}[EndpointName];

export type QueryState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ok'; data: T }
  | { status: 'error'; message: string; data?: T };

export interface QueryOptions {
  /** Wait before calling (spec 9: the conditions modal loads after 200 ms). */
  delayMs?: number;
  enabled?: boolean;
}

export function useApiQuery<N extends ReadEndpoint>(
  name: N,
  { delayMs = 0, enabled = true }: QueryOptions = {},
): QueryState<ResponseOf<N>> & { retry: () => void } {
  const api = useApi();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [state, setState] = useState<QueryState<ResponseOf<N>>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // Keep what is on screen while a language switch refetches it.
    setState((previous) => ({ status: 'loading', data: previous.data }));
    const call = api.call as (name: N, options: CallOptions) => Promise<import('../../../machines/shared/result.ts').Result<ResponseOf<N>>>;
    const timer = setTimeout(() => {
      call(name, { signal: controller.signal }).then(
        (result) => {
          if (controller.signal.aborted) return;
          setState((previous) =>
            result.ok
              ? { status: 'ok', data: result.data }
              : { status: 'error', message: result.message, data: previous.data },
          );
        },
        () => {
          if (controller.signal.aborted) return;
          setState((previous) => ({ status: 'error', message: NETWORK_ERROR, data: previous.data }));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, name, locale, attempt, enabled, delayMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/**
 * One read of an operator page through the read machine (machines/read),
 * over the operator's API client (opsApi), with an optional query: a new
 * query reads again and keeps what is shown meanwhile (the table dims), as
 * the console's tables do when a filter changes. The member pages' useRead
 * is the same over the member's client, without a query.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { EndpointName, QueryOf, ResponseOf } from '../../contract/endpoints.ts';
import type { CallOptions } from '../../api/client.ts';
import { readMachine } from '../../../machines/read/read.machine.ts';
import type { Result } from '../../../machines/shared/result.ts';
import { opsApi } from './ops-session.ts';

/** The operator endpoints a page may just read: a GET without path parameters. */
type OpsReadEndpoint = 'opsOperators' | 'opsAudit' | 'opsDashboard';

export interface OpsRead<T> {
  data: T | null;
  /** A read is on its way (the first, or again after a change of query). */
  loading: boolean;
  /** Nothing could be read: offer a retry. */
  failed: boolean;
  failure: string | null;
  retry: () => void;
  /** Read again keeping what is shown (after a change the page made). */
  reload: () => void;
}

export function useOpsRead<N extends OpsReadEndpoint>(name: N, query?: QueryOf<N>): OpsRead<ResponseOf<N>> {
  const key = JSON.stringify(query ?? null);
  const wanted = useRef({ query, key });
  wanted.current = { query, key };
  /** The query of the read last started: a read that answers an older query is followed by one for the new. */
  const started = useRef(key);
  const call = opsApi.call as (name: EndpointName, options: CallOptions & { query?: unknown }) => Promise<Result<unknown>>;
  const read = useActorRef(
    readMachine.provide({
      actors: {
        read: fromPromise<Result<unknown>, void>(({ signal }) => {
          started.current = wanted.current.key;
          return call(name, { signal, ...(wanted.current.query && { query: wanted.current.query }) });
        }),
      },
      actions: { logFailure: (_, { message }) => console.warn(`${name}: read failed (${message})`) },
    }),
    { input: { startDelay: 0 } },
  );
  const loading = useSelector(read, (snapshot) => snapshot.hasTag('loading'));

  useEffect(() => {
    if (loading || started.current === key) return;
    // Shown reads again keeping the rows (dimmed); failed tries again.
    read.send({ type: 'read.reload' });
    read.send({ type: 'read.retry' });
  }, [key, loading, read]);

  return {
    data: useSelector(read, (snapshot) => snapshot.context.data as ResponseOf<N> | null),
    loading,
    failed: useSelector(read, (snapshot) => snapshot.hasTag('failed')),
    failure: useSelector(read, (snapshot) => snapshot.context.failure),
    retry: () => read.send({ type: 'read.retry' }),
    reload: () => read.send({ type: 'read.reload' }),
  };
}

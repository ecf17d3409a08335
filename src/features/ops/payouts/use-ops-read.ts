/**
 * A console table's read (machines/read) of an operator endpoint with a
 * query: the query is the address's (use-ops-search.ts), so the table reads
 * again whenever the address changes, and on demand after a decision. What
 * was shown stays while the next read is on its way.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { readMachine } from '../../../../machines/read/read.machine.ts';
import type { Result } from '../../../../machines/shared/result.ts';
import type { ResponseOf } from '../../../contract/endpoints.ts';
import { opsApi } from '../ops-session.ts';

/** The console's list endpoints this reads. */
type ListEndpoint = 'opsWithdrawals' | 'opsApprovals';

export interface OpsRead<T> {
  data: T | null;
  /** A read is on its way. */
  busy: boolean;
  /** Nothing could be read (the message is the failure's code). */
  failure: string | null;
  reload: () => void;
}

export function useOpsRead<N extends ListEndpoint>(name: N, query: Record<string, string>): OpsRead<ResponseOf<N>> {
  const key = JSON.stringify(query);
  const wanted = useRef({ key, query });
  wanted.current = { key, query };
  // The query each read was asked with, to read again when the address moved on meanwhile.
  const asked = useRef(key);

  const read = useActorRef(
    readMachine.provide({
      actors: {
        read: fromPromise<Result<unknown>, void>(({ signal }) => {
          asked.current = wanted.current.key;
          const call = opsApi.call as (name: ListEndpoint, options: { query: Record<string, string>; signal: AbortSignal }) => Promise<Result<unknown>>;
          return call(name, { query: wanted.current.query, signal });
        }),
      },
      actions: { logFailure: (_, { message }) => console.warn(`${name}: read failed (${message})`) },
    }),
    { input: { startDelay: 0 } },
  );
  const loading = useSelector(read, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('waiting'));

  useEffect(() => {
    if (!loading && asked.current !== key) read.send({ type: 'read.reload' });
  }, [key, loading, read]);

  return {
    data: useSelector(read, (snapshot) => snapshot.context.data as ResponseOf<N> | null),
    busy: loading,
    failure: useSelector(read, (snapshot) => (snapshot.hasTag('failed') ? snapshot.context.failure : null)),
    reload: () => read.send({ type: 'read.reload' }),
  };
}

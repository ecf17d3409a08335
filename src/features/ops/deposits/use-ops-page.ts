/**
 * One page of a console table, read through the read machine
 * (machines/read) with the operator's API client. The query is the
 * address's (use-ops-search.ts): a component keyed by it reads afresh when
 * it changes; `reload` reads the same page again after a decision.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { readMachine } from '../../../../machines/read/read.machine.ts';
import type { Result } from '../../../../machines/shared/result.ts';

export function useOpsPage<T>(read: (signal: AbortSignal) => Promise<Result<T>>) {
  const actor = useActorRef(
    readMachine.provide({
      actors: { read: fromPromise<Result<unknown>, void>(({ signal }) => read(signal)) },
      actions: { logFailure: (_, { message }) => console.warn(`console table: read failed (${message})`) },
    }),
    { input: {} },
  );
  const data = useSelector(actor, (snapshot) => snapshot.context.data as T | null);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  return {
    data,
    loading,
    failure,
    reload: () => actor.send({ type: 'read.reload' }),
    retry: () => actor.send({ type: 'read.retry' }),
  };
}

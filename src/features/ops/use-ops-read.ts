/**
 * The console's reads: one read of the operator's API that depends on the
 * address (a search, a member, a page of a table, a filter), through the one read machine
 * (machines/read; docs/decisions/0031-one-read-machine.md): what is shown
 * stays while the next read is on its way (the table dims), and a read
 * asked while another runs follows it once it is done. Answers are never
 * mixed: a read is tagged with what it asked, and one left behind is read
 * again.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { readMachine } from '../../../machines/read/read.machine.ts';
import type { Result } from '../../../machines/shared/result.ts';
import type { EndpointName, QueryOf, ResponseOf } from '../../contract/endpoints.ts';
import type { CallOptions } from '../../api/client.ts';
import { useLanguageSwitch } from '../ui/use-language-switch.ts';
import { opsApi } from './ops-session.ts';

export interface OpsRead<T> {
  data: T | null;
  /** A read is on its way (what is shown is the last answer). */
  busy: boolean;
  failed: boolean;
  failure: string | null;
  retry: () => void;
  reload: () => void;
}

/** `key` names what `read` asks (the address's part it depends on): a new key reads again. */
export function useOpsRead<T>(key: string, read: (signal: AbortSignal) => Promise<Result<T>>): OpsRead<T> {
  const latest = useRef({ key, read });
  latest.current = { key, read };
  const askedFor = useRef(key);
  const actor = useActorRef(
    readMachine.provide({
      actors: {
        read: fromPromise<Result<unknown>, void>(({ signal }) => {
          askedFor.current = latest.current.key;
          return latest.current.read(signal);
        }),
      },
      actions: { logFailure: (_, { message }) => console.warn(`ops read failed (${message})`) },
    }),
    { input: {} },
  );
  const value = useSelector(actor, (snapshot) => JSON.stringify(snapshot.value));
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));

  // Once the read in flight is done, one for an older key is followed by the current key's.
  useEffect(() => {
    if (!loading && askedFor.current !== key) actor.send({ type: 'read.reload' });
  }, [actor, key, loading, value]);

  const reload = () => actor.send({ type: 'read.reload' });
  useLanguageSwitch(reload);

  return {
    data: useSelector(actor, (snapshot) => snapshot.context.data as T | null),
    // A read without an answer waits and starts again by itself (machines/shared/read-retry.ts): still busy.
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('loading') || snapshot.hasTag('offline')),
    failed: useSelector(actor, (snapshot) => snapshot.hasTag('failed')),
    failure: useSelector(actor, (snapshot) => snapshot.context.failure),
    retry: () => actor.send({ type: 'read.retry' }),
    reload,
  };
}

/** The operator endpoints a page reads by name: a GET without path parameters, with the address's query or none. */
type OpsListEndpoint = 'opsOperators' | 'opsAudit' | 'opsDashboard' | 'opsWithdrawals' | 'opsApprovals' | 'opsGames';

/** `useOpsRead` of one endpoint and its query (a new query reads again). */
export function useOpsEndpointRead<N extends OpsListEndpoint>(name: N, query?: QueryOf<N> | Record<string, string>): OpsRead<ResponseOf<N>> {
  const call = opsApi.call as (name: EndpointName, options: CallOptions & { query?: unknown }) => Promise<Result<ResponseOf<N>>>;
  return useOpsRead(`${name}:${JSON.stringify(query ?? null)}`, (signal) => call(name, { signal, ...(query && { query }) }));
}

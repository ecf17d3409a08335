/**
 * A page's one read through the read machine (machines/read): the data, the
 * tags the view branches on, a retry. The machine keeps the data untyped; the
 * endpoint's name types it here. Read again on a language switch (server
 * texts follow Accept-Language). Member pages only: a public page in the
 * entry still uses use-api-query.ts (docs/decisions.md, Member home).
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react';
import { fromPromise } from 'xstate';
import type { ResponseOf } from '../../contract/endpoints.ts';
import { readMachine } from '../../../machines/read/read.machine.ts';
import type { Result } from '../../../machines/shared/result.ts';
import type { CallOptions } from '../../api/client.ts';
import { useApi } from '../../app/use-app.ts';
import type { ReadEndpoint } from './use-api-query.ts';

export interface Read<T> {
  data: T | null;
  /** The first read is slower than the loader delay: show the skeleton. */
  skeleton: boolean;
  /** Nothing could be read: offer a retry. */
  failed: boolean;
  retry: () => void;
}

export function useRead<N extends ReadEndpoint>(name: N): Read<ResponseOf<N>> {
  const api = useApi();
  const call = api.call as (name: N, options: CallOptions) => Promise<Result<ResponseOf<N>>>;
  const read = useActorRef(
    readMachine.provide({
      actors: {
        read: fromPromise<Result<unknown>, void>(({ signal }) => call(name, { signal })),
      },
      actions: {
        logFailure: (_, { message }) => console.warn(`${name}: read failed (${message})`),
      },
    }),
  );

  const { i18n } = useLingui();
  const locale = useRef(i18n.locale);
  useEffect(() => {
    if (locale.current === i18n.locale) return;
    locale.current = i18n.locale;
    read.send({ type: 'read.reload' });
  }, [i18n.locale, read]);

  return {
    data: useSelector(read, (snapshot) => snapshot.context.data as ResponseOf<N> | null),
    skeleton: useSelector(read, (snapshot) => snapshot.hasTag('skeleton')),
    failed: useSelector(read, (snapshot) => snapshot.hasTag('failed')),
    retry: () => read.send({ type: 'read.retry' }),
  };
}

/**
 * A view's one read through the read machine (machines/read): the data, the
 * tags the view branches on, the last failure, a retry. The machine keeps the
 * data untyped; the endpoint's name types it here. Read again on a language
 * switch (server texts follow Accept-Language). A read without an answer
 * waits (skeleton, or what is shown stays) and starts again by itself:
 * machines/shared/read-retry.ts.
 */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { BodyOf, EndpointName, ResponseOf } from '../../contract/endpoints.ts';
import { readActors } from '../../../machines/read/read.actors.ts';
import { readMachine } from '../../../machines/read/read.machine.ts';
import type { CallOptionsOf } from '../../api/client.ts';
import { useApi } from '../../app/use-app.ts';
import { useBackOnline } from './use-back-online.ts';
import { useLanguageSwitch } from './use-language-switch.ts';
import { useMachineOnce } from './use-machine-once.ts';

/** Endpoints without a request body, path parameters or idempotency key: the ones a view may just read. */
type ReadEndpoint = {
  [N in EndpointName]: BodyOf<N> extends undefined ? ({} extends CallOptionsOf<N> ? N : never) : never;
}[EndpointName];

export interface Read<T> {
  data: T | null;
  /** The first read is slower than the loader delay: show the skeleton. */
  skeleton: boolean;
  /** Nothing could be read: offer a retry. */
  failed: boolean;
  /** The last failure's message (a catalogue code), null after a success. */
  failure: string | null;
  retry: () => void;
  /** Read again keeping what is shown (the data changed: a bonus received or cancelled). */
  reload: () => void;
}

interface ReadOptions {
  /** Milliseconds before each read starts (spec 9: the conditions modal's 200 ms). */
  startDelay?: number;
}

export function useRead<N extends ReadEndpoint>(name: N, { startDelay = 0 }: ReadOptions = {}): Read<ResponseOf<N>> {
  const api = useApi();
  // One endpoint for the view's life: its first render's name and delay (use-machine-once.ts).
  const [input] = useState(() => ({ startDelay }));
  const read = useActorRef(
    useMachineOnce(() =>
      readMachine.provide({
        actors: readActors(api, name),
        actions: {
          logFailure: (_, { message }) => console.warn(`${name}: read failed (${message})`),
        },
      }),
    ),
    { input },
  );

  const reload = () => read.send({ type: 'read.reload' });
  useLanguageSwitch(reload);
  useBackOnline(() => read.send({ type: 'read.online' }));

  return {
    data: useSelector(read, (snapshot) => snapshot.context.data as ResponseOf<N> | null),
    skeleton: useSelector(read, (snapshot) => snapshot.hasTag('skeleton') || (snapshot.hasTag('offline') && snapshot.context.data === null)),
    failed: useSelector(read, (snapshot) => snapshot.hasTag('failed')),
    failure: useSelector(read, (snapshot) => snapshot.context.failure),
    retry: () => read.send({ type: 'read.retry' }),
    reload,
  };
}

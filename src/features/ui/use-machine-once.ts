/**
 * A machine with its implementations, made on the first render and kept.
 * `machine.provide()` builds every state node of the machine anew, and
 * written inline, `useActorRef(machine.provide(…))` does it on each render:
 * the member home renders several times while its reads come in, and
 * rebuilding its machines was ~40 ms of its load on a desktop CPU
 * (docs/performance.md, the member home). @xstate/react only keeps the newest
 * implementations of an inline `provide`; here they are the first render's,
 * so give only ones that close over nothing that changes between renders
 * (the API client, actors, module functions, constants).
 */
import { useState } from 'react';
import type { AnyStateMachine } from 'xstate';

export function useMachineOnce<Machine extends AnyStateMachine>(provide: () => Machine): Machine {
  const [machine] = useState(provide);
  return machine;
}

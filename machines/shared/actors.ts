/** Helpers for the I/O actors the machines invoke. */
import { fromPromise } from 'xstate';

/**
 * Default for an I/O actor the view layer must provide with
 * `machine.provide({ actors })` (machines do no I/O themselves: docs/architecture.md).
 * It rejects with a message naming what is missing instead of doing nothing.
 */
export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`Actor "${name}" is not provided: pass it with machine.provide({ actors: { ${name} } })`)),
  );
}

/** Params mapper for guards and actions that route on what an invoked actor answered. */
export function actorOutput<TOutput>({ event }: { event: { output: TOutput } }): TOutput {
  return event.output;
}

/** What a machine defines, and how much of it replayed paths took. */
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export function emptyCoverage(): Coverage {
  return { states: new Set(), transitions: new Set() };
}

/**
 * Names a transition the same way in every copy of a machine (`.provide()`
 * copies the state nodes): source, event ('always' for eventless) and its
 * place among the guarded branches for that event.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const branches = eventType === '' ? source.always : source.transitions.get(eventType);
  const branch = branches?.indexOf(transition) ?? -1;
  if (branch < 0) throw new Error(`Transition ${source.id} "${eventType}" is not defined on its source`);
  return `${source.id} ${eventType || 'always'} #${branch}`;
}

/** Every state node but the root. */
export function machineStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

/** Every transition: each guarded branch, eventless, delayed, and invoke done/error transitions alike. */
export function machineTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey),
  );
}

export function missing(machine: AnyStateMachine, coverage: Coverage) {
  return {
    states: machineStates(machine).filter((id) => !coverage.states.has(id)),
    transitions: machineTransitions(machine).filter((key) => !coverage.transitions.has(key)),
  };
}

/**
 * Drives the real machine along a model path: a real actor with fake I/O
 * actors injected through `.provide()`, a simulated clock for delays. Every
 * step is checked against the model's snapshot; the caller may check more.
 * No vitest here.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type ActorSystem,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import type { Coverage } from './coverage.ts';
import { transitionKey } from './coverage.ts';
import { describeEvent, NETWORK_DOWN, type FlowModel, type ModelPath } from './flow-model.ts';

export interface ReplayedStep {
  /** The step's place in the path: 0 for the start. */
  index: number;
  /** The model event replayed: a member event, an actor's answer or failure, or a delay ending. */
  event: AnyEventObject;
  /** The actor's snapshot before the event; undefined for the start. */
  before: AnyMachineSnapshot | undefined;
  after: AnyMachineSnapshot;
  /** Actions the view layer provides (named actions outside xstate's own), in order, with params. */
  actions: Array<{ type: string; params?: unknown }>;
  /** I/O calls started, by actor name, with their input. */
  calls: Array<{ actor: string; input: unknown }>;
  /** Events the machine emitted for the view (`emit`), in order. */
  emitted: AnyEventObject[];
  /** Simulated milliseconds that passed. */
  waited: number;
  /** For a delay's end: how long it ran, from when its state set it (other steps may have come between). */
  ran: number | undefined;
}

interface PendingCall {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

/** The I/O of one replay: calls started in the current step, and calls waiting for an answer by actor id. */
interface Bench {
  calls: ReplayedStep['calls'];
  pending: Map<string, PendingCall>;
}

const benches = new WeakMap<ActorSystem<any>, Bench>();
const withFakes = new WeakMap<AnyStateMachine, AnyStateMachine>();

/** The machine with every I/O actor replaced by a fake that waits for the replay to answer it. */
function machineWithFakes(machine: AnyStateMachine): AnyStateMachine {
  const cached = withFakes.get(machine);
  if (cached) return cached;
  const fakes = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input, self, system }) => {
        const bench = benches.get(system)!;
        bench.calls.push({ actor: name, input });
        return new Promise((resolve, reject) => bench.pending.set(self.id, { resolve, reject }));
      }),
    ]),
  );
  const provided = machine.provide({ actors: fakes });
  withFakes.set(machine, provided);
  return provided;
}

/** The real actor is not where the model is after a step (or failed in it). */
export class LeftModelError extends Error {
  constructor(
    message: string,
    /** The step's place in the path. */
    readonly index: number,
  ) {
    super(message);
  }
}

/**
 * A simulated clock that ends its timeouts one at a time, the soonest first
 * (of two ending together, the one set first), as the model offers them
 * (flow-model.ts): time jumps to the next end rather than a millisecond at a
 * time.
 */
class ModelClock extends SimulatedClock {
  private readonly pending = new Map<number, { set: number; end: number; fn: () => void }>();
  private nextId = 0;
  /** How long the last timeout to end ran, from when it was set. */
  lastRan = 0;

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    this.pending.set(id, { set: this.now(), end: this.now() + timeout, fn });
    return id;
  }

  override clearTimeout(id: number): void {
    this.pending.delete(id);
  }

  /** Moves the clock to the next timeout's end and ends it alone; false when none runs. */
  endNext(within: number): boolean {
    const [next] = [...this.pending].sort(([idA, a], [idB, b]) => a.end - b.end || idA - idB);
    if (!next || next[1].end - this.now() > within) return false;
    const [id, { set, end, fn }] = next;
    this.pending.delete(id);
    this.set(Math.max(end, this.now()));
    this.lastRan = end - set;
    fn();
    return true;
  }
}

/** Lets answered promises reach the machine: all microtasks run before the next macrotask. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function replay(
  flow: FlowModel,
  path: ModelPath,
  options: { coverage?: Coverage; check?: (step: ReplayedStep) => void } = {},
): Promise<void> {
  const clock = new ModelClock();
  const bench: Bench = { calls: [], pending: new Map() };
  let actions: ReplayedStep['actions'] = [];
  let emitted: AnyEventObject[] = [];

  /** Event types the machine received, to see a delay end. */
  const received: string[] = [];
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.event') received.push(inspection.event.type);
    if (inspection.type === '@xstate.microstep') {
      for (const transition of inspection._transitions) {
        options.coverage?.transitions.add(transitionKey(transition));
        options.coverage?.states.add(transition.source.id); // reaches states that are only passed through
      }
    }
    if (inspection.type === '@xstate.action' && !inspection.action.type.startsWith('xstate.')) {
      actions.push(inspection.action);
    }
  };
  const actor = createActor(machineWithFakes(flow.machine), { input: flow.input, clock, inspect });
  const delays = Object.values(flow.machine.implementations.delays).filter((delay): delay is number => typeof delay === 'number');
  const longestWait = Math.max(60_000, ...delays);
  benches.set(actor.system, bench);
  actor.on('*', (event) => emitted.push(event));

  const answer = (id: string, settleCall: (call: PendingCall) => void) => {
    const call = bench.pending.get(id);
    if (!call) throw new Error(`No "${id}" call in flight`);
    bench.pending.delete(id);
    settleCall(call);
    return settle();
  };

  async function perform(event: AnyEventObject): Promise<void> {
    const [, kind, , id] = /^xstate\.(done|error|after)\.(actor\.)?([^.]+)/.exec(event.type) ?? [];
    if (kind === 'done') return answer(id!, (call) => call.resolve(event.output));
    if (kind === 'error') return answer(id!, (call) => call.reject(new Error(NETWORK_DOWN)));
    if (kind === 'after') {
      // Time passes, from one timeout's end to the next, until the delay's event arrives, within a minute
      // or the machine's longest delay (a 30-minute idle timeout), so a delay that never comes fails quickly
      // (the checks then see how long that took: not a millisecond early or late).
      // Watching the event rather than the state: a ticking state may re-enter itself unchanged.
      const arrived = received.length;
      const started = clock.now();
      while (!received.slice(arrived).includes(event.type)) {
        if (!clock.endNext(longestWait - (clock.now() - started))) throw new Error(`"${id}" did not end within ${longestWait} ms`);
      }
      ran = clock.lastRan;
      return;
    }
    actor.send(event);
  }

  let before: AnyMachineSnapshot | undefined;
  let ran: number | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      actions = [];
      emitted = [];
      bench.calls = [];
      const startedAt = clock.now();
      ran = undefined;
      const where = `at step ${index} (${describeEvent(step.event)}) of "${path.description}"`;
      try {
        if (index === 0) actor.start();
        else await perform(step.event);
      } catch (error) {
        throw new LeftModelError(`The actor failed ${where}: ${String(error)}`, index);
      }
      const after: AnyMachineSnapshot = actor.getSnapshot();
      if (after.status === 'error') throw new LeftModelError(`The actor failed ${where}: ${String(after.error)}`, index);
      for (const node of after._nodes) options.coverage?.states.add(node.id);

      if (!isDeepStrictEqual(after.value, step.state.value) || !isDeepStrictEqual(after.context, step.state.context)) {
        throw new LeftModelError(
          `The actor left the model ${where}:\n  model: ${JSON.stringify([step.state.value, step.state.context])}\n  actor: ${JSON.stringify([after.value, after.context])}`,
          index,
        );
      }
      options.check?.({ index, event: step.event, before, after, actions, calls: bench.calls, emitted, waited: clock.now() - startedAt, ran });
      before = after;
    }
  } finally {
    actor.stop();
  }
}

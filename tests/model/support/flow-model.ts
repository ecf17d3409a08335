/**
 * How a machine becomes a test model. Shared by the model-based tests, the
 * component replays and the browser suite's path export, so all of them walk
 * the same graph. No vitest here.
 *
 * A state of the model is the machine's state value, the model's abstraction
 * of its context (which rule a typed amount falls under, whether a countdown
 * runs, is in its last second or is over), the I/O calls in flight and, when
 * more than one delay runs, which ends first: the graph is the product's
 * behaviour, not its data. The snapshots along a path
 * stay concrete (the replays check the real actor's context against them);
 * the abstraction only decides which snapshots are the same state, so a
 * retyped amount or one more second of a countdown is an edge back to a known
 * state rather than a new one.
 */
import type {
  ActorScope,
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  MachineImplementationsFrom,
  SnapshotFrom,
} from 'xstate';
import { TestModel, type AdjacencyValue, type StatePath } from 'xstate/graph';

/**
 * The model's view of a context: short words per aspect the product's
 * behaviour depends on (they show in test titles). `null` and `false` leave
 * an aspect out of the title; `true` names it.
 */
export type Abstraction = Record<string, string | number | boolean | null>;

export interface FlowModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Names the flow in test titles. */
  name: string;
  machine: TMachine;
  input: InputFrom<TMachine>;
  /**
   * What the member or the app may send in a snapshot. Ignored events are
   * offered too: the tests then check that they change nothing.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[];
  /** What each I/O actor may answer, by actor name. Every call may also fail (network down). */
  replies: ActorReplies<TMachine>;
  /**
   * What of the context is part of the model's state (see above). Not asked
   * for a finished actor: its state is its output.
   */
  abstraction: (snapshot: SnapshotFrom<TMachine>) => Abstraction;
}

/** One fixture per event type, so that a new event fails the build until the model offers it. */
export type EventFixtures<TMachine extends AnyStateMachine> = {
  [TType in EventFromLogic<TMachine>['type']]: (
    snapshot: SnapshotFrom<TMachine>,
  ) => Array<Extract<EventFromLogic<TMachine>, { type: TType }>>;
};

/**
 * What each I/O actor may answer, one entry per actor the machine declares;
 * a function when an answer is only possible in some states (given the
 * snapshot that made the call).
 */
export type ActorReplies<TMachine extends AnyStateMachine> = Record<
  keyof NonNullable<MachineImplementationsFrom<TMachine>['actors']>,
  readonly unknown[] | ((snapshot: SnapshotFrom<TMachine>) => readonly unknown[])
>;

export function offerAll<TMachine extends AnyStateMachine>(fixtures: EventFixtures<TMachine>) {
  return (snapshot: SnapshotFrom<TMachine>) =>
    Object.values<(snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[]>(fixtures).flatMap((offer) =>
      offer(snapshot),
    );
}

type Adjacency = AdjacencyValue<AnyMachineSnapshot, AnyEventObject>;

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject> & { description: string };

/** What the rejected promise of an I/O actor carries in the model. */
export const NETWORK_DOWN = 'network down';

/** A state of the model, with the shortest path that reaches it and the edges that leave it. */
export interface ModelState {
  /** Identifies the state in the graph (value, abstraction, calls in flight). */
  id: string;
  /** 'editing [amount below minimum, error WITHDRAW_MINIMUM]'. */
  label: string;
  /** The snapshot the graph reached it with; its edges start from this one. */
  snapshot: AnyMachineSnapshot;
  path: ModelPath;
  edges: ModelEdge[];
}

/** One transition of the model: an event offered in a state, and where it leads. */
export interface ModelEdge {
  source: ModelState;
  event: AnyEventObject;
  /** The state it leads to (perhaps the source itself: an ignored event, a retyped amount). */
  target: ModelState;
  /** The shortest path to the source, then this event. */
  path: ModelPath;
  /** 'withdraw: editing [amount valid] → confirming [amount valid] on withdraw.submit'. */
  title: string;
}

export interface ModelGraph {
  flow: FlowModel;
  /** In breadth-first order from the initial state. */
  states: ModelState[];
  edges: ModelEdge[];
}

/** The model's identity of a snapshot: its value, its abstraction, the I/O calls in flight and the order of its delays; a finished actor's output. */
export function stateId(flow: FlowModel, snapshot: AnyMachineSnapshot): string {
  if (snapshot.status === 'done') return JSON.stringify({ value: snapshot.value, output: snapshot.output });
  return JSON.stringify({
    value: snapshot.value,
    context: flow.abstraction(snapshot),
    calls: Object.keys(snapshot.children).sort(),
    // Which delay ends next decides the events offered (modelEvents), so it is part of the state.
    ...(runningDelays(snapshot).length > 1 ? { delays: runningDelays(snapshot) } : {}),
  });
}

/** The snapshot's value and context, which the replays compare with the real actor's. */
function concrete(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context, snapshot.status]);
}

/**
 * The delays running in a snapshot, by their event's type: when each ends on
 * the model's clock (milliseconds since the start) and in which order they
 * were set. The graph's transitions are pure, so the model keeps its own
 * clock: an actor's answer and the member's events take no time, a delay
 * ending moves the clock to its end, and the machine's own scheduling (the
 * delayed event a state with `after` raises on entry and cancels on exit)
 * sets and clears its timers.
 */
interface Timers {
  now: number;
  ends: ReadonlyMap<string, { end: number; order: number }>;
}

const timers = new WeakMap<AnyMachineSnapshot, Timers>();
const NO_TIMERS: Timers = { now: 0, ends: new Map() };
/** Orders the timers set along a path (a later step of a path is always computed later). */
let timersSet = 0;

/**
 * The running delays, the soonest first; of two ending together, the one
 * set first (the replays' clock ends them so, one at a time).
 */
function runningDelays(snapshot: AnyMachineSnapshot): string[] {
  return [...(timers.get(snapshot) ?? NO_TIMERS).ends]
    .sort(([, a], [, b]) => a.end - b.end || a.order - b.order)
    .map(([type]) => type);
}

/** Runs a step of the machine recording the delayed events it sets and clears, from the timers before it. */
function timed<T extends AnyMachineSnapshot>(
  before: Timers,
  event: AnyEventObject | null,
  scope: ActorScope<any, any, any, any>,
  step: (scope: ActorScope<any, any, any, any>) => T,
): T {
  const now = (event && before.ends.get(event.type)?.end) ?? before.now;
  const ends = new Map(before.ends);
  if (event) ends.delete(event.type); // the delay that ended
  const recording: ActorScope<any, any, any, any> = {
    ...scope,
    actionExecutor: (action) => {
      const params = action.params as { id?: string; delay?: unknown; sendId?: string } | undefined;
      // The states' delays (`after`); a machine's own delayed events are the flow's events to offer.
      if (action.type === 'xstate.raise' && typeof params?.delay === 'number' && params.id?.startsWith('xstate.after.')) {
        ends.set(params.id, { end: now + params.delay, order: timersSet++ });
      }
      if (action.type === 'xstate.cancel' && params?.sendId) ends.delete(params.sendId);
    },
  };
  const after = step(recording);
  timers.set(after, { now, ends });
  return after;
}

/** The machine as the graph's logic, keeping the model's clock beside each snapshot. */
function timedLogic(machine: AnyStateMachine): AnyStateMachine {
  return Object.create(machine, {
    getInitialSnapshot: {
      value: (scope: ActorScope<any, any, any, any>, input: unknown) =>
        timed(NO_TIMERS, null, scope, (recording) => machine.getInitialSnapshot(recording, input)),
    },
    transition: {
      value: (snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: ActorScope<any, any, any, any>) =>
        timed(timers.get(snapshot) ?? NO_TIMERS, event, scope, (recording) => machine.transition(snapshot, event, recording)),
    },
  }) as AnyStateMachine;
}

/**
 * The events a snapshot can receive: the flow's events, an answer or a
 * failure from every I/O call in flight, and the end of the delay that ends
 * first (of two ending together, the one set first).
 */
function modelEvents(flow: FlowModel, snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.status === 'done') return []; // a finished actor receives nothing
  const calls = Object.entries(snapshot.children as Record<string, AnyActorRef>);
  const answers = calls.flatMap(([id, child]) => {
    const replies = flow.replies[String(child.src)];
    if (!replies) throw new Error(`${flow.name}: no replies for actor "${String(child.src)}"`);
    const outputs = typeof replies === 'function' ? replies(snapshot) : replies;
    return [
      ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
      { type: `xstate.error.actor.${id}`, error: NETWORK_DOWN },
    ];
  });
  const waiting = snapshot._nodes.flatMap((node) => node.after.map((transition) => transition.eventType));
  const running = runningDelays(snapshot);
  if (waiting.some((type) => !running.includes(type)) || running.some((type) => !waiting.includes(type))) {
    throw new Error(`${flow.name}: the model's clock runs ${JSON.stringify(running)} where ${stateKey(snapshot)} waits for ${JSON.stringify(waiting)}`);
  }
  // Only the delay that ends first: a later one would be a path the replays' clock cannot take.
  return [...flow.events(snapshot), ...answers, ...running.slice(0, 1).map((type) => ({ type }))];
}

/**
 * `createTestModel` refuses machines that invoke actors or wait (`after`), so
 * the model is built directly, with the events above.
 */
function testModel(flow: FlowModel) {
  return new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(timedLogic(flow.machine), {
    input: flow.input,
    serializeState: (snapshot) => stateId(flow, snapshot),
    events: (snapshot) => modelEvents(flow, snapshot),
  });
}

const graphs = new WeakMap<FlowModel, ModelGraph>();

/**
 * The model's graph: every state with a shortest path to it (breadth first,
 * as the adjacency map was built, so each path ends in the very snapshot the
 * state's edges start from), and every edge.
 */
export function modelGraph(flow: FlowModel): ModelGraph {
  const cached = graphs.get(flow);
  if (cached) return cached;
  // Keys of the adjacency map are state ids (branded strings).
  const adjacency = new Map(Object.entries(testModel(flow).getAdjacencyMap()) as Array<[string, Adjacency]>);
  const [initialId, initial] = adjacency.entries().next().value!;
  const states = new Map<string, ModelState>();
  const stateOf = (id: string, path: ModelPath): ModelState => {
    const { state } = adjacency.get(id)!;
    const known = states.get(id);
    if (known) return known;
    if (concrete(path.state) !== concrete(state)) {
      throw new Error(`${flow.name}: the shortest path to ${stateLabel(flow, state)} ends in another snapshot than its edges start from`);
    }
    const added: ModelState = { id, label: stateLabel(flow, state), snapshot: state, path, edges: [] };
    states.set(id, added);
    return added;
  };
  const initialPath = {
    state: initial.state,
    steps: [{ state: initial.state, event: { type: 'xstate.init' } }],
    weight: 0,
  };
  const queue = [stateOf(initialId, { ...initialPath, description: describePath(initialPath) })];
  const edges: ModelEdge[] = [];
  for (let source = queue.shift(); source; source = queue.shift()) {
    for (const { event, state } of Object.values(adjacency.get(source.id)!.transitions)) {
      const steps = [...source.path.steps, { state, event }];
      const path = { state, steps, weight: steps.length - 1 };
      const targetId = stateId(flow, state);
      const isNew = !states.has(targetId);
      const target = stateOf(targetId, { ...path, description: describePath(path) });
      if (isNew) queue.push(target);
      const edge: ModelEdge = {
        source,
        event,
        target,
        path: isNew ? target.path : { ...path, description: describePath(path) },
        title: `${flow.name}: ${source.label} → ${stateLabel(flow, state)} on ${eventLabel(event)}`,
      };
      source.edges.push(edge);
      edges.push(edge);
    }
  }
  const graph = { flow, states: [...states.values()], edges };
  graphs.set(flow, graph);
  return graph;
}

/** One path to every state of the model: the tree of shortest paths. */
export function shortestPaths(flow: FlowModel): ModelPath[] {
  return modelGraph(flow).states.map((state) => state.path);
}

/**
 * The shortest paths, plus one path for every other edge of the model: the
 * shortest path to its source followed by its event. Together they take
 * every event the model offers in every state, so ignored events are
 * exercised too.
 */
export function modelPaths(flow: FlowModel): ModelPath[] {
  const { states, edges } = modelGraph(flow);
  return [...states.map((state) => state.path), ...edges.filter((edge) => edge.path !== edge.target.path).map((edge) => edge.path)];
}

/** 'phoneStep.editing' for `{ phoneStep: 'editing' }`. */
export function stateKey(snapshot: AnyMachineSnapshot): string {
  return snapshot._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'))
    .sort() // parallel regions in one order, whichever was entered last
    .join(' + ');
}

/** 'editing [amount below minimum, error WITHDRAW_MINIMUM]'; 'closed [saved]' for a finished actor. */
export function stateLabel(flow: FlowModel, snapshot: AnyMachineSnapshot): string {
  const aspects: Abstraction =
    snapshot.status === 'done'
      ? typeof snapshot.output === 'object' && snapshot.output !== null
        ? (snapshot.output as Abstraction)
        : { output: JSON.stringify(snapshot.output ?? null) }
      : flow.abstraction(snapshot);
  const words = Object.entries(aspects).flatMap(([aspect, value]) => {
    if (value === null || value === false) return [];
    if (value === true) return [aspect];
    return [`${aspect} ${value}`];
  });
  return words.length ? `${stateKey(snapshot)} [${words.join(', ')}]` : stateKey(snapshot);
}

/** The event as the browser suite's path titles name it, answers in full. */
export function describeEvent(event: AnyEventObject): string {
  const [, kind, , id] = /^xstate\.(done|error|after)\.(actor\.)?([^.]+)/.exec(event.type) ?? [];
  if (kind === 'done') return `${id} answers ${JSON.stringify(event.output)}`;
  if (kind === 'error') return `${id} fails (${NETWORK_DOWN})`;
  if (kind === 'after') return `${id} delay ends`;
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

const shorten = (text: string, length = 48) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The event as the model tests' titles name it: 'amount.change "500"', 'postWithdrawal answers MONEY_NOT_ENOUGH'. */
export function eventLabel(event: AnyEventObject): string {
  const [, kind, , id] = /^xstate\.(done|error|after)\.(actor\.)?([^.]+)/.exec(event.type) ?? [];
  if (kind === 'done') return `${id} answers ${outputLabel(event.output)}`;
  if (kind === 'error') return `${id} fails (${NETWORK_DOWN})`;
  if (kind === 'after') return `${id} delay ends`;
  const { type, ...payload } = event;
  const values = Object.entries(payload);
  if (values.length === 0) return type;
  if (values.length === 1) return `${type} ${shorten(JSON.stringify(values[0]![1]) ?? 'undefined')}`;
  if ('field' in payload && 'value' in payload && values.length === 2) {
    return `${type} ${String(payload.field)}=${shorten(JSON.stringify(payload.value))}`;
  }
  return `${type} ${shorten(JSON.stringify(payload))}`;
}

/** A Result by its message ('ok', or the refusal's code); anything else as short JSON. */
function outputLabel(output: unknown): string {
  if (typeof output === 'object' && output !== null && 'ok' in output) {
    const result = output as { ok: boolean; message?: string; data?: unknown };
    if (!result.ok) return String(result.message);
    return `ok ${shorten(JSON.stringify(result.data) ?? '', 40)}`;
  }
  return shorten(JSON.stringify(output) ?? 'nothing');
}

function describePath(path: StatePath<AnyMachineSnapshot, AnyEventObject>): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event));
  return `${stateKey(path.state)} ← ${['start', ...events].join(' → ')}`;
}

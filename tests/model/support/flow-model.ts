/**
 * How a machine becomes a test model. Shared by the model-based tests, the
 * coverage report and the browser suite's path export, so all three walk the
 * same paths. No vitest here.
 */
import type {
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

export interface FlowModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Names the model in test titles and in the coverage report. */
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

/** A state is its value, its context and the I/O calls in flight. */
export function serializeSnapshot(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({
    value: snapshot.value,
    context: snapshot.context,
    calls: Object.keys(snapshot.children).sort(),
  });
}

/**
 * The events a snapshot can receive: the flow's events, an answer or a
 * failure from every I/O call in flight, and the end of every running delay.
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
  const delays = snapshot._nodes.flatMap((node) => node.after.map((transition) => ({ type: transition.eventType })));
  return [...flow.events(snapshot), ...answers, ...delays];
}

/**
 * `createTestModel` refuses machines that invoke actors or wait (`after`), so
 * the model is built directly, with the events above (STACK-NOTES.md).
 */
export function testModel(flow: FlowModel) {
  return new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(flow.machine, {
    input: flow.input,
    serializeState: serializeSnapshot,
    events: (snapshot) => modelEvents(flow, snapshot),
  });
}

/** One path to every state of the model: the tree of shortest paths. */
export function shortestPaths(flow: FlowModel): ModelPath[] {
  return testModel(flow)
    .getShortestPaths({ allowDuplicatePaths: true })
    .map((path) => ({ ...path, description: describePath(path) }));
}

/**
 * The shortest paths, plus one path for every other transition of the model:
 * the shortest path to its source followed by its event. Together they take
 * every event the model offers in every state, so ignored events are
 * exercised too.
 */
export function modelPaths(flow: FlowModel): ModelPath[] {
  const model = testModel(flow);
  const shortest = shortestPaths(flow);
  const toState = new Map(shortest.map((path) => [serializeSnapshot(path.state), path]));
  const extensions: ModelPath[] = [];
  // Keys of the adjacency map are serialized snapshots (branded strings).
  const adjacency = Object.entries(model.getAdjacencyMap()) as Array<[string, Adjacency]>;
  for (const [source, { transitions }] of adjacency) {
    const head = toState.get(source)!;
    for (const { event, state } of Object.values(transitions)) {
      const treePath = toState.get(serializeSnapshot(state))!;
      const treeSource = treePath.steps.at(-2)?.state;
      const isTreeEdge =
        treeSource !== undefined &&
        serializeSnapshot(treeSource) === source &&
        JSON.stringify(treePath.steps.at(-1)!.event) === JSON.stringify(event);
      if (isTreeEdge) continue;
      const path = { state, steps: [...head.steps, { state, event }], weight: head.weight + 1 };
      extensions.push({ ...path, description: describePath(path) });
    }
  }
  return [...shortest, ...extensions];
}

/** 'phoneStep.editing' for `{ phoneStep: 'editing' }`. */
export function stateKey(snapshot: AnyMachineSnapshot): string {
  return snapshot._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'))
    .join(' + ');
}

export function describeEvent(event: AnyEventObject): string {
  const [, kind, , id] = /^xstate\.(done|error|after)\.(actor\.)?([^.]+)/.exec(event.type) ?? [];
  if (kind === 'done') return `${id} answers ${JSON.stringify(event.output)}`;
  if (kind === 'error') return `${id} fails (${NETWORK_DOWN})`;
  if (kind === 'after') return `${id} delay ends`;
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

function describePath(path: StatePath<AnyMachineSnapshot, AnyEventObject>): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event));
  return `${stateKey(path.state)} ← ${['start', ...events].join(' → ')}`;
}

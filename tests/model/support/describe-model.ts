/**
 * The vitest side of the model-based tests of one machine.
 *
 * For every flow (the machine with one input), one test per state of the
 * model: it replays each edge that leaves the state (the shortest path to
 * the state, then the edge's event) and checks the edge's step with soft
 * assertions named by the edge: the tags the view reads, then the flow's own
 * checks (context, calls, view actions). The initial state's test checks the
 * start first. A path that leaves the model before its last step has met a
 * broken edge of an earlier state, whose own test fails for it: this test
 * is then skipped, naming it, so one broken transition fails one test.
 *
 * Last, one test of the machine: the edges took every state and transition
 * it defines (100%), and the model stays within its budget of edges
 * (edge-budgets.ts). Its figures go to the coverage printout of
 * `npm run test:model` (coverage-reporter.ts).
 */
import { describe, it, type TestContext } from 'vitest';
import { EDGE_BUDGETS } from '../edge-budgets.ts';
import { emptyCoverage, machineStates, machineTransitions, missing, type Coverage } from './coverage.ts';
import { eventLabel, modelGraph, stateKey, stateLabel, type FlowModel, type ModelEdge, type ModelState } from './flow-model.ts';
import { LeftModelError, replay, type ReplayedStep } from './replay.ts';
import { checkEdge, expect, softFailure } from './step-expect.ts';

export interface ModelSpec {
  /** The tags the view reads in each state, written out by hand. */
  tags: Record<string, string[]>;
  /** The flow's own checks after every step: effects, context, invariants. Use step-expect.ts's `expect`. */
  check: (step: ReplayedStep, flow: FlowModel) => void;
}

/** What the coverage test of a machine reports (coverage-reporter.ts prints it). */
export interface ModelCoverageMeta {
  machine: string;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  edges: number;
  budget: number | undefined;
}

declare module 'vitest' {
  interface TaskMeta {
    modelCoverage?: ModelCoverageMeta;
    /** The machines under machines/, from the test that lists them. */
    modelMachines?: string[];
  }
}

function checkStep(step: ReplayedStep, flow: FlowModel, spec: ModelSpec): void {
  const state = stateKey(step.after);
  expect([...step.after.tags].sort(), `tags of ${state}`).toEqual(spec.tags[state]);
  spec.check(step, flow);
}

/** Replays one edge and checks its last step; the error when the path left the model before it. */
async function replayEdge(
  flow: FlowModel,
  edge: Pick<ModelEdge, 'path' | 'title'>,
  spec: ModelSpec,
  coverage: Coverage,
): Promise<LeftModelError | undefined> {
  const last = edge.path.steps.length - 1;
  try {
    await replay(flow, edge.path, {
      coverage,
      check: (step) => {
        if (step.index === last) checkEdge(edge.title, () => checkStep(step, flow, spec));
      },
    });
  } catch (error) {
    if (error instanceof LeftModelError && error.index < last) return error;
    softFailure(edge.title, error);
  }
  return undefined;
}

async function testState(flow: FlowModel, state: ModelState, spec: ModelSpec, coverage: Coverage, context: TestContext) {
  const start = state.path.steps.length === 1;
  const edges = [
    ...(start ? [{ path: state.path, title: `${flow.name}: start → ${state.label}` }] : []),
    ...state.edges,
  ];
  for (const edge of edges) {
    const blocked = await replayEdge(flow, edge, spec, coverage);
    if (blocked) {
      // Every edge of this state shares the path that broke.
      const from = stateLabel(flow, state.path.steps[blocked.index - 1]!.state);
      context.skip(`the path here breaks earlier: ${flow.name}: ${from} on ${eventLabel(state.path.steps[blocked.index]!.event)} (that state's test fails)`);
    }
  }
}

/**
 * The model tests of a machine. `machine` is its folder under machines/ (the
 * key of its budget); `flows` are all its flows, together reaching every
 * state and transition.
 */
export function describeModels(machine: string, flows: FlowModel[], spec: ModelSpec): void {
  const coverage = emptyCoverage();
  for (const flow of flows) {
    const graph = modelGraph(flow);
    describe(flow.name, () => {
      for (const state of graph.states) {
        if (state.edges.length === 0 && state.path.steps.length > 1) continue; // checked as the target of its edges
        it(`${flow.name}: ${state.label}`, (context) => testState(flow, state, spec, coverage, context));
      }
    });
  }

  const budget = EDGE_BUDGETS[machine];
  it(`${machine}: every state and transition, within ${budget} model edges`, ({ task }) => {
    const definition = flows[0]!.machine;
    if (flows.some((flow) => flow.machine !== definition)) throw new Error(`${machine}: flows of different machines`);
    const gaps = missing(definition, coverage);
    const states = machineStates(definition).length;
    const transitions = machineTransitions(definition).length;
    const edges = flows.reduce((sum, flow) => sum + modelGraph(flow).edges.length, 0);
    task.meta.modelCoverage = {
      machine,
      states: { covered: states - gaps.states.length, total: states },
      transitions: { covered: transitions - gaps.transitions.length, total: transitions },
      edges,
      budget,
    };
    expect.soft(budget, `${machine} has an edge budget in tests/model/edge-budgets.ts`).toBeTypeOf('number');
    expect.soft(edges, `${machine}: model edges within the budget`).toBeLessThanOrEqual(budget ?? 0);
    expect.soft(gaps.states, `${machine}: states no edge reached`).toEqual([]);
    expect.soft(gaps.transitions, `${machine}: transitions no edge took`).toEqual([]);
  });
}

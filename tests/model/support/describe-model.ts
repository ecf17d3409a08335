/** The vitest side of the model-based tests: one test per model path, plus reachability. */
import { describe, expect, it } from 'vitest';
import { emptyCoverage, missing } from './coverage.ts';
import { modelPaths, shortestPaths, stateKey, type FlowModel } from './flow-model.ts';
import { replay, type ReplayedStep } from './replay.ts';

export interface ModelSpec {
  /** The tags the view reads in each state, written out by hand. */
  tags: Record<string, string[]>;
  /** The flow's own checks after every step: effects, context, invariants. */
  check: (step: ReplayedStep, flow: FlowModel) => void;
}

export function describeModels(flows: FlowModel[], spec: ModelSpec): void {
  for (const flow of flows) {
    describe(flow.name, () => {
      it('reaches every state by a shortest path', async () => {
        const coverage = emptyCoverage();
        for (const path of shortestPaths(flow)) await replay(flow, path, { coverage });
        expect(missing(flow.machine, coverage).states).toEqual([]);
      });

      for (const path of modelPaths(flow)) {
        it(path.description, () =>
          replay(flow, path, {
            check: (step) => {
              expect([...step.after.tags].sort(), stateKey(step.after)).toEqual(spec.tags[stateKey(step.after)]);
              spec.check(step, flow);
            },
          }),
        );
      }
    });
  }
}

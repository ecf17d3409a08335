/**
 * Prints the model coverage after a run of the model tests: per machine in
 * machines/, the states and transitions (each guarded branch, eventless,
 * delayed, invoke done and error alike) its model tests took, and its model's
 * edges against its budget. The figures come from each machine's coverage
 * test (describe-model.ts), which fails below 100% or above the budget.
 * Machines whose tests did not run (a run of some files) are named; the
 * machines test (machines.model.test.ts) fails when one has no model tests.
 * Silent when no model test ran (`npm run test:unit`, a server suite).
 */
import type { Reporter, TestCase, Vitest } from 'vitest/node';
import type { ModelCoverageMeta } from './describe-model.ts';

const percent = ({ covered, total }: { covered: number; total: number }) =>
  `${covered}/${total} (${total ? Math.floor((100 * covered) / total) : 100}%)`;

export default class ModelCoverageReporter implements Reporter {
  private log: (text: string) => void = (text) => console.log(text);
  private coverage = new Map<string, ModelCoverageMeta>();
  private machines: string[] = [];

  onInit(vitest: Vitest): void {
    this.log = (text) => vitest.logger.log(text);
  }

  onTestRunStart(): void {
    this.coverage.clear();
    this.machines = [];
  }

  onTestCaseResult(test: TestCase): void {
    const { modelCoverage, modelMachines } = test.meta();
    if (modelCoverage) this.coverage.set(modelCoverage.machine, modelCoverage);
    if (modelMachines) this.machines = modelMachines;
  }

  onTestRunEnd(): void {
    if (this.coverage.size === 0) return;
    const names = [...this.coverage.keys()].sort();
    const width = Math.max(...names.map((name) => name.length));
    this.log('\nModel coverage per machine (states and transitions taken by its model tests; model edges against the budget)');
    let full = true;
    for (const name of names) {
      const figures = this.coverage.get(name)!;
      const complete =
        figures.states.covered === figures.states.total &&
        figures.transitions.covered === figures.transitions.total &&
        figures.budget !== undefined &&
        figures.edges <= figures.budget;
      full &&= complete;
      this.log(
        `${name.padEnd(width)}  states ${percent(figures.states)}  transitions ${percent(figures.transitions)}  edges ${figures.edges}/${figures.budget ?? 'no budget'}${complete ? '' : '  ✖'}`,
      );
    }
    const notRun = this.machines.filter((name) => !this.coverage.has(name));
    if (notRun.length) this.log(`Not run this time: ${notRun.join(', ')}`);
    if (!full) this.log('Below 100% or over its budget: see the failed coverage tests.\n');
    else this.log(notRun.length ? '' : 'Every machine: 100%, within its edge budget.\n');
  }
}

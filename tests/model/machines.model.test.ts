/**
 * Every machine under machines/ has model tests (tests/model/<flow>.model.test.ts,
 * calling describeModels with its name, which checks its coverage) and an edge
 * budget; the list goes to the coverage printout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { discoverMachines, projectRoot } from '../../scripts/discover-machines.ts';
import { EDGE_BUDGETS } from './edge-budgets.ts';

it('every machine has model tests and an edge budget', async ({ task }) => {
  const machines = (await discoverMachines()).map(({ flow }) => flow);
  task.meta.modelMachines = machines;
  const withoutTests = machines.filter((flow) => {
    const file = join(projectRoot, 'tests/model', `${flow}.model.test.ts`);
    return !existsSync(file) || !readFileSync(file, 'utf8').includes(`describeModels('${flow}'`);
  });
  expect.soft(withoutTests, "machines without tests/model/<flow>.model.test.ts calling describeModels('<flow>', …)").toEqual([]);
  expect.soft(machines.filter((flow) => EDGE_BUDGETS[flow] === undefined), 'machines without an edge budget').toEqual([]);
  expect.soft(Object.keys(EDGE_BUDGETS).filter((flow) => !machines.includes(flow)), 'budgets of no machine').toEqual([]);
});

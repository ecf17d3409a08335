/**
 * Model coverage: for every machine in machines/, how many of its states and
 * transitions (each guarded branch, eventless, delayed, invoke done and error
 * alike) the model-based tests' paths take when replayed. Exits 1 below 100%,
 * naming what is missed; a machine without a model counts as 0%.
 *
 *   npm run test:model
 */
import type { AnyStateMachine } from 'xstate';
import { discoverMachines } from '../../scripts/discover-machines.ts';
import { changePasswordModels } from './change-password.model.ts';
import { gameAccountModels, gameAccountModelsWithoutBalance } from './game-account.model.ts';
import { loginModels } from './login.model.ts';
import { registrationModels } from './registration.model.ts';
import { sessionModels } from './session.model.ts';
import { transferModels } from './transfer.model.ts';
import { withdrawModels } from './withdraw.model.ts';
import { homeModels } from './home.model.ts';
import { readModels } from './read.model.ts';
import { statementModels } from './statement.model.ts';
import { walletModels } from './wallet.model.ts';
import { qrCountdownModels } from './qr-countdown.model.ts';
import { trueLinkModels } from './truelink.model.ts';
import { bankAccountNameModels } from './bank-account-name.model.ts';
import { slipUploadModels } from './slip-upload.model.ts';
import { qrImageModels } from './qr-image.model.ts';
import { emptyCoverage, machineStates, machineTransitions, missing } from './support/coverage.ts';
import { modelPaths, type FlowModel } from './support/flow-model.ts';
import { replay } from './support/replay.ts';

const models: FlowModel[] = [
  ...sessionModels,
  ...loginModels,
  ...registrationModels,
  ...changePasswordModels,
  ...walletModels,
  ...homeModels,
  ...statementModels,
  ...readModels,
  ...transferModels,
  ...withdrawModels,
  ...gameAccountModels,
  ...gameAccountModelsWithoutBalance,
  ...qrCountdownModels,
  ...trueLinkModels,
  ...bankAccountNameModels,
  ...slipUploadModels,
  ...qrImageModels,
];

async function coverageOf(machine: AnyStateMachine) {
  const coverage = emptyCoverage();
  for (const flow of models.filter((model) => model.machine === machine)) {
    for (const path of modelPaths(flow)) await replay(flow, path, { coverage });
  }
  return coverage;
}

const ratio = (covered: number, total: number) =>
  `${covered}/${total} (${total ? Math.floor((100 * covered) / total) : 100}%)`;

const machines = await discoverMachines();
const width = Math.max(...machines.map(({ flow }) => flow.length));
let complete = true;
for (const { flow, machine } of machines) {
  const gaps = missing(machine, await coverageOf(machine));
  const states = machineStates(machine).length;
  const transitions = machineTransitions(machine).length;
  console.log(
    `${flow.padEnd(width)}  states ${ratio(states - gaps.states.length, states)}  transitions ${ratio(transitions - gaps.transitions.length, transitions)}`,
  );
  for (const gap of [...gaps.states.map((id) => `state ${id}`), ...gaps.transitions.map((key) => `transition ${key}`)]) {
    console.log(`  not covered: ${gap}`);
  }
  complete &&= gaps.states.length === 0 && gaps.transitions.length === 0;
}
if (!complete) {
  console.error('Model coverage is below 100%: extend the models in tests/model/ (events or replies).');
  process.exit(1);
}

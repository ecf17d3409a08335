/** Finds every machine in machines/<flow>/<flow>.machine.ts: one exported StateMachine per file. */
import { globSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface DiscoveredMachine {
  /** The folder name: 'change-password'. */
  flow: string;
  /** Relative to the project root. */
  source: string;
  machine: AnyStateMachine;
}

export async function discoverMachines(): Promise<DiscoveredMachine[]> {
  const files = globSync('machines/*/*.machine.ts', { cwd: projectRoot }).sort();
  return Promise.all(
    files.map(async (source) => {
      const module: Record<string, unknown> = await import(pathToFileURL(join(projectRoot, source)).href);
      const machines = Object.values(module).filter((value) => value instanceof StateMachine);
      if (machines.length !== 1) throw new Error(`${source} should export exactly one machine, found ${machines.length}`);
      return { flow: basename(dirname(source)), source, machine: machines[0] as AnyStateMachine };
    }),
  );
}

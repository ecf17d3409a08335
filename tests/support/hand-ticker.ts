/**
 * A Ticker (src/server/jobs.ts) the test turns by hand: no timers, no
 * sleeping. `tick(name)` runs that job's tick and settles when its run is
 * over.
 */
import type { Ticker } from '../../src/server/jobs.ts';

export interface HandTicker extends Ticker {
  /** The jobs given to the ticker, in order, with whether their ticks were stopped. */
  readonly schedules: { name: string; everyMs: number; stopped: boolean }[];
  tick(name: string): Promise<void>;
}

export function handTicker(): HandTicker {
  const schedules: HandTicker['schedules'] = [];
  const ticks = new Map<string, () => Promise<void>>();
  return {
    schedules,
    every({ name, everyMs }, tick) {
      const schedule = { name, everyMs, stopped: false };
      schedules.push(schedule);
      ticks.set(name, tick);
      return () => {
        schedule.stopped = true;
      };
    },
    async tick(name) {
      const tick = ticks.get(name);
      if (!tick) throw new Error(`no job named ${name}`);
      const schedule = schedules.find((entry) => entry.name === name)!;
      // A stopped tick is what a cleared interval is: it never comes.
      if (!schedule.stopped) await tick();
    },
  };
}

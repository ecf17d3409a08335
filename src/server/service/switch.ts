/**
 * Whether members are served (spec 2: a terminated service answers 'gone'
 * and the SPA shows /terminated). Two switches
 * (docs/decisions/0128-members-and-service-in-the-console.md):
 *
 * - the deploy's SERVICE_STATUS=terminated (config): the whole API is
 *   gone, the console's routes too; only a new deploy brings it back;
 * - the console's, an admin's (the settings table's `serviceTerminated`):
 *   members' calls are gone, while the console, operators' login and the
 *   active check still answer, so that an admin can resume.
 *
 * Every API request asks `isTerminated`, so a process reads the setting at
 * most every SERVICE_STATUS_FRESH_MS; the process that changes it knows at
 * once (`remember`), the others within that time.
 */
import type { ServiceStatus } from '../../contract/ops-members.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { SERVICE_STATUS_FRESH_MS } from '../policy.ts';
import { recordAudit } from '../repositories/audit.ts';
import { getSetting, lockSetting, putSetting } from '../repositories/settings.ts';

export interface ServiceSwitch {
  /** True while members get 'gone': the deploy's switch or the console's. */
  isTerminated(): Promise<boolean>;
  /** The console's switch was just written (in a committed transaction): this process knows it now. */
  remember(terminated: boolean): void;
}

export function serviceSwitch(db: Queryable, clock: Clock, deployTerminated: boolean): ServiceSwitch {
  let known: { terminated: boolean; readAt: number } | null = null;
  let reading: Promise<boolean> | null = null;

  async function read(): Promise<boolean> {
    const readAt = clock().getTime();
    const terminated = await getSetting(db, 'serviceTerminated');
    known = { terminated, readAt };
    return terminated;
  }

  return {
    async isTerminated() {
      if (deployTerminated) return true;
      if (known && clock().getTime() - known.readAt < SERVICE_STATUS_FRESH_MS) return known.terminated;
      // Requests that arrive together share one read.
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
    remember(terminated) {
      known = { terminated, readAt: clock().getTime() };
    },
  };
}

/**
 * An admin terminates (`terminated`) or resumes (`active`) the service from
 * the console; the audit records a change (none when it already was so).
 * The caller tells its process's switch (`remember`) once this resolves.
 */
export async function changeService(db: Db, { operatorId, now }: { operatorId: number; now: Date }, status: ServiceStatus): Promise<ServiceStatus> {
  const terminated = status === 'terminated';
  await db.transaction(async (tx) => {
    // Under the setting's row lock, so the audit's `before` is what this replaced.
    const before = await lockSetting(tx, 'serviceTerminated');
    if (before === terminated) return;
    await putSetting(tx, 'serviceTerminated', terminated);
    await recordAudit(tx, { operatorId, action: 'service.status', subject: 'service', before: { status: before ? 'terminated' : 'active' }, after: { status }, createdAt: now });
  });
  return status;
}

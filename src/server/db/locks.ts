/**
 * Named locks across the processes on one database: the start's migrations
 * and seed (Database.whileAlone, docs/decisions/0151-scale-out.md) and each
 * background job's run (job-locks.ts, docs/decisions/0150-jobs-once-across-processes.md).
 *
 * On PostgreSQL a lock is a session advisory lock on a connection opened for
 * it and closed on release (not the pool's: a pooled connection goes back
 * to the pool between queries, and its lock would stay held by whoever
 * takes it next). A process that dies holding one takes its connection
 * with it, and PostgreSQL releases the lock. On PGlite only one process
 * opens the data folder (client.ts), so its locks are held in the process.
 */
import pg from 'pg';

/** A held lock; releasing it twice is allowed. */
export interface HeldLock {
  release(): Promise<void>;
}

export interface Locks {
  /** Waits until the lock is free and takes it. */
  lock(key: string): Promise<HeldLock>;
  /** The lock, or null when another holds it now. */
  tryLock(key: string): Promise<HeldLock | null>;
}

/**
 * PostgreSQL's session advisory locks on `connection`'s database. `onLost`
 * hears of a lock's connection failing while held: the session ended, so
 * PostgreSQL released the lock, and another process may take it.
 */
export function advisoryLocks(connection: pg.ClientConfig, onLost: (error: Error, key: string) => void = () => {}): Locks {
  async function take(key: string, wait: boolean): Promise<HeldLock | null> {
    const client = new pg.Client(connection);
    // Without a listener a failing connection would crash the process.
    client.on('error', (error) => onLost(error, key));
    const end = () => client.end().catch(() => undefined);
    try {
      await client.connect();
      const query = wait ? 'select pg_advisory_lock(hashtextextended($1, 0)), true as locked' : 'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked';
      const { rows } = await client.query<{ locked: boolean }>(query, [key]);
      if (!rows[0]?.locked) {
        await end();
        return null;
      }
    } catch (error) {
      await end();
      throw error;
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        // Closing the session releases its locks; the unlock first makes it so before end() settles.
        await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
        await end();
      },
    };
  }
  return {
    lock: async (key) => (await take(key, true))!,
    tryLock: (key) => take(key, false),
  };
}

const inProcess = new WeakMap<object, Locks>();

/** Locks held in this process, one set per `owner` (a PGlite database, or one process's apps on a database in a test). */
export function inProcessLocksOf(owner: object): Locks {
  let locks = inProcess.get(owner);
  if (!locks) inProcess.set(owner, (locks = inProcessLocks()));
  return locks;
}

function inProcessLocks(): Locks {
  const held = new Map<string, Promise<void>>();
  function hold(key: string): HeldLock {
    let free!: () => void;
    const freed = new Promise<void>((resolve) => (free = resolve));
    held.set(key, freed);
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        held.delete(key);
        free();
      },
    };
  }
  return {
    async lock(key) {
      for (let holder = held.get(key); holder; holder = held.get(key)) await holder;
      return hold(key);
    },
    tryLock: async (key) => (held.has(key) ? null : hold(key)),
  };
}

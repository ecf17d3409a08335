/**
 * The member shell's connectivity actor (machines/connectivity), reached
 * through React context: the shell owns it, views ask it when the
 * connection is back (docs/decisions/0145-a-flaky-network.md). Outside the
 * member area there is none, and reads only back off.
 */
import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { connectivityMachine } from '../../machines/connectivity/connectivity.machine.ts';

export type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>;

export const ConnectivityContext = createContext<ConnectivityActor | null>(null);

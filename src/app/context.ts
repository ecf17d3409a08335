/**
 * The router context is the SPA's dependency injection (docs/architecture.md): the session
 * actor and the API client reach routes (guards, loaders) and features through it.
 */
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import type { ApiClient } from '../api/client.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export interface RouterContext {
  session: SessionActor;
  api: ApiClient;
}

/**
 * The session actor, created once (main.tsx): who is signed in, where the
 * token lives, and what the server's special messages do. The machine stays
 * pure; storage, navigation and the two server calls are provided here.
 */
import { createActor } from 'xstate';
import type { AnyRouter } from '@tanstack/react-router';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { sessionActors } from '../../machines/session/session.actors.ts';
import type { ApiClient } from '../api/client.ts';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage.ts';

/** Set while the service is gone; CSS hides the app's menus (spec 2 "terminated style"). */
const TERMINATED_ATTRIBUTE = 'data-terminated';

export function createSession(deps: { api: () => ApiClient; router: () => AnyRouter }) {
  return createActor(
    sessionMachine.provide({
      actions: {
        storeToken: (_, params: { token: string; remember: boolean }) => storeToken(params.token, params.remember),
        clearStoredToken: () => clearStoredToken(),
        goToLogin: () => {
          void deps.router().navigate({ to: '/login', replace: true });
        },
        goToTerminated: () => {
          document.documentElement.setAttribute(TERMINATED_ATTRIBUTE, '');
          void deps.router().navigate({ to: '/terminated', replace: true });
        },
        clearTerminatedStyle: () => {
          document.documentElement.removeAttribute(TERMINATED_ATTRIBUTE);
        },
      },
      actors: sessionActors(deps.api),
    }),
    { input: readStoredToken() },
  );
}

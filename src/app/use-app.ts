import { useRouter } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.ts';
import type { RouterContext, SessionActor } from './context.ts';

// The router context is created once in main.tsx and never replaced, so views
// read it from the router's options (no route typing needed in features).
function useRouterContext(): RouterContext {
  return useRouter().options.context as RouterContext;
}

/** The session actor from the router context. */
export function useSession(): SessionActor {
  return useRouterContext().session;
}

/** The API client from the router context. */
export function useApi(): ApiClient {
  return useRouterContext().api;
}

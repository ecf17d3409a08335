import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/home-frame.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { createApiClient } from './api/client.ts';
import { createSession } from './app/session.ts';
import { activateLocale, initialLocale } from './i18n/locale.ts';
import { loadMessageText } from './features/errors/message-text.tsx';
import { showErrorToast } from './features/ui/toast.ts';

// Wiring, once: API client ⇄ session actor ⇄ router. The client reads the
// token from the session and reports special messages to it (spec 8, one
// place); the session navigates through the router.
const api = createApiClient({
  getToken: () => session.getSnapshot().context.token,
  onSessionMessage: (message) => {
    if (message === 'invalid-token' && session.getSnapshot().hasTag('signedIn')) {
      // Tell the member why they are back on the login page (a background event: a toast).
      void loadMessageText('invalid-token').then((text) => showErrorToast(text, 'session-ended'));
    }
    session.send({ type: message === 'gone' ? 'api.gone' : 'api.invalidToken' });
  },
});
const session = createSession({ api: () => api, router: () => router });
const router = createRouter({
  routeTree,
  context: { session, api },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

session.start();
// No top-level await: rolldown turns off its chunk merging for a graph with
// one, which left /login fetching ~30 tiny chunks (docs/decisions/0013-login-budget-120-kb.md).
// The first render replaces the app shell of index.html, once the first page's chunks and loaders are in:
// rendered sooner, the router draws nothing while they load and the shell gives way to a blank page.
// A failed load renders all the same (the router shows its error page).
void activateLocale(initialLocale())
  .then(() => router.load())
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    );
  });

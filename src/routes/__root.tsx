import { lazy, Suspense } from 'react';
import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/context.ts';
import { RootLayout } from '../features/shell/RootLayout.tsx';

// A chunk of its own: most visits never meet it, and the login page's entry has no room to spare.
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
});

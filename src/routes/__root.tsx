import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/context.ts';
import { RootLayout } from '../features/shell/RootLayout.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

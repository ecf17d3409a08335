import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';

// The operators' area (docs/decisions/0106-chat-widget-and-inbox.md): /ops/login and /ops/chat. One route
// for all of it, and its page loaded from inside the route's own chunk: each
// route and each chunk the entry lists costs /login's 120 KB budget
// (docs/decisions/0013-login-budget-120-kb.md); members never download
// anything of the operators' pages (features/ops/OpsArea.tsx).
const OpsArea = lazy(() => import('../../features/ops/OpsArea.tsx'));

export const Route = createFileRoute('/ops/$')({
  component: () => (
    <Suspense fallback={null}>
      <OpsArea />
    </Suspense>
  ),
});

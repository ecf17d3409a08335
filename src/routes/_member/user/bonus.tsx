import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';

// The page's own chunk (with luxon for the cards' periods and its styles) is
// listed in this route's chunk, not in the entry's preload map: /login's
// 120 KB budget (docs/decisions/0013-login-budget-120-kb.md).
const BonusPage = lazy(() => import('../../../features/bonus/BonusPage.tsx'));

export const Route = createFileRoute('/_member/user/bonus')({
  component: () => (
    <Suspense fallback={null}>
      <BonusPage />
    </Suspense>
  ),
});

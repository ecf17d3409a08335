import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';

// The wheel's fairness page (with the wheel's rules and crypto-js's hashes)
// is a chunk of its own, fetched when the page opens: /login's 120 KB budget
// (docs/decisions/0013-login-budget-120-kb.md).
const FairnessPage = lazy(() => import('../../../features/wheel/FairnessPage.tsx'));

export const Route = createFileRoute('/_member/user/fairness')({
  component: () => (
    <Suspense fallback={null}>
      <FairnessPage />
    </Suspense>
  ),
});

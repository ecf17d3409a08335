import { createFileRoute, redirect } from '@tanstack/react-router';

// spec 2: /user redirects to /user/home.
export const Route = createFileRoute('/_member/user/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/home', replace: true });
  },
});

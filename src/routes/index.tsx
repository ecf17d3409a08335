import { createFileRoute, redirect } from '@tanstack/react-router';

// spec 2: / redirects to /user (the member guard sends visitors on to /login).
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/user', replace: true });
  },
});

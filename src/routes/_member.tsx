import { createFileRoute, redirect } from '@tanstack/react-router';
import { MemberShell } from '../features/shell/MemberShell.tsx';

// spec 2 route guard: a route that needs login, without a token, goes to /login.
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context }) => {
    if (!context.session.getSnapshot().hasTag('signedIn')) {
      throw redirect({ to: '/login', replace: true });
    }
  },
  component: MemberShell,
});

import { createFileRoute, redirect } from '@tanstack/react-router';
import { MemberShell } from '../features/shell/MemberShell.tsx';
import { loadCatalogue } from '../i18n/locale.ts';

// spec 2 route guard: a route that needs login, without a token, goes to /login.
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context }) => {
    if (!context.session.getSnapshot().hasTag('signedIn')) {
      throw redirect({ to: '/login', replace: true });
    }
  },
  // The member area's texts are a catalogue of their own (lingui.config.ts),
  // kept out of the public pages' first load; its pages wait for it.
  loader: () => loadCatalogue('member'),
  component: MemberShell,
});

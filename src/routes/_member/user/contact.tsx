import { createFileRoute } from '@tanstack/react-router';
import { MemberContactPage } from '../../../features/contact/ContactPage.tsx';

// spec 2: the member contact page has top spacing.
export const Route = createFileRoute('/_member/user/contact')({
  component: MemberContactPage,
});

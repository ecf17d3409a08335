import { createFileRoute } from '@tanstack/react-router';
import { PublicContactPage } from '../../features/contact/ContactPage.tsx';

// spec 2: the public contact page has no top spacing.
export const Route = createFileRoute('/_public/contact')({
  component: PublicContactPage,
});

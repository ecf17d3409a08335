import { createFileRoute } from '@tanstack/react-router';
import { HowtoPage } from '../../features/howto/HowtoPage.tsx';

export const Route = createFileRoute('/_public/howto')({
  component: HowtoPage,
});

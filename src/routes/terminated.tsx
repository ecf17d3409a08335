import { createFileRoute } from '@tanstack/react-router';
import { TerminatedPage } from '../features/terminated/TerminatedPage.tsx';

export const Route = createFileRoute('/terminated')({
  component: TerminatedPage,
});

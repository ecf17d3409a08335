import { createFileRoute } from '@tanstack/react-router';
import { PublicShell } from '../features/shell/PublicShell.tsx';

// Pathless layout of the public area: its mount acts as a logout (spec 2).
export const Route = createFileRoute('/_public')({
  component: PublicShell,
});

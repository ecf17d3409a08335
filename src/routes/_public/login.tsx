import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/login/LoginPage.tsx';

export const Route = createFileRoute('/_public/login')({
  component: LoginPage,
});

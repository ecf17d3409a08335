import { createFileRoute } from '@tanstack/react-router';
import { StatementPlaceholder } from '../../../features/placeholders/Placeholders.tsx';

export const Route = createFileRoute('/_member/user/statement')({
  component: StatementPlaceholder,
});

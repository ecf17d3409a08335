import { createFileRoute } from '@tanstack/react-router';
import { BonusPlaceholder } from '../../../features/placeholders/Placeholders.tsx';

export const Route = createFileRoute('/_member/user/bonus')({
  component: BonusPlaceholder,
});

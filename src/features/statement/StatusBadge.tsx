/** A status in words and an icon, never colour alone (spec 4: SUCCESS, FAILED, anything else in progress). */
import type { ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import { CheckIcon } from '../ui/icons.tsx';
import { CloseIcon } from '../ui/action-icons.tsx';
import { ClockIcon } from './statement-icons.tsx';
import { statusKind, type StatusKind } from './statement-rules.ts';

const STATUS_ICONS: Record<StatusKind, ComponentType<{ size?: number }>> = {
  success: CheckIcon,
  failure: CloseIcon,
  inProgress: ClockIcon,
};

export function StatusBadge({ status }: { status: string }) {
  const kind = statusKind(status);
  const Icon = STATUS_ICONS[kind];
  return (
    <span className={`status-badge status-badge--${kind}`}>
      <Icon size={16} />
      <StatusText status={kind} />
    </span>
  );
}

function StatusText({ status }: { status: StatusKind }) {
  switch (status) {
    case 'success':
      return <Trans>Success</Trans>;
    case 'failure':
      return <Trans>Failed</Trans>;
    case 'inProgress':
      return <Trans>In progress</Trans>;
  }
}

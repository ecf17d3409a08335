/** An operator role in the operator's language (the server's word for it is the key). */
import { Trans } from '@lingui/react/macro';
import type { OperatorRole } from '../../../contract/api.ts';

export function RoleName({ role }: { role: OperatorRole }) {
  switch (role) {
    case 'admin':
      return <Trans>Admin</Trans>;
    case 'finance':
      return <Trans>Finance</Trans>;
    case 'support':
      return <Trans>Support</Trans>;
    case 'marketing':
      return <Trans>Marketing</Trans>;
  }
}

/** The roles' names as plain strings, for a select's options (RoleName.tsx is the same words as elements). */
import { useLingui } from '@lingui/react/macro';
import type { OperatorRole } from '../../../contract/api.ts';

export function useRoleLabels(): Record<OperatorRole, string> {
  const { t } = useLingui();
  return { admin: t`Admin`, finance: t`Finance`, support: t`Support`, marketing: t`Marketing` };
}

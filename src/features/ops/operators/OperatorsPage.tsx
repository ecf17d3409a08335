/**
 * /ops/operators (admins; docs/decisions/0124-operators-in-the-console.md):
 * every operator, enabled first, with their role and standing; add one, or
 * disable or reset one, each confirmed first. A new or reset operator's
 * password and second factor are shown once in the dialog that made them.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OperatorChangeInput } from '../../../../machines/operator-change/operator-change.types.ts';
import type { OperatorView } from '../../../contract/ops.ts';
import { formatDateTime } from '../../ui/date-time.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import type { AreaPageProps } from '../console/area-page.ts';
import { OpsTable, type Column } from '../console/OpsTable.tsx';
import { RoleName } from '../console/RoleName.tsx';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import { OperatorAddDialog } from './OperatorAddDialog.tsx';
import { OperatorChangeDialog } from './OperatorChangeDialog.tsx';
import type * as v from 'valibot';
import './operators.css';
import { ReadFailed } from '../console/ReadFailed.tsx';

type Operator = v.InferOutput<typeof OperatorView>;

export default function OperatorsPage(_: AreaPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Operators`);
  const operators = useOpsEndpointRead('opsOperators');
  const [adding, setAdding] = useState(false);
  const [change, setChange] = useState<OperatorChangeInput | null>(null);

  const columns: Column<Operator>[] = [
    { id: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name },
    { id: 'phone', header: <Trans>Phone number</Trans>, cell: (row) => row.phone },
    { id: 'role', header: <Trans>Role</Trans>, cell: (row) => <RoleName role={row.role} /> },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (row) =>
        row.disabled ? (
          <span className="ops-status ops-status--bad">
            <Trans>Disabled</Trans>
          </span>
        ) : (
          <span className="ops-status ops-status--good">{row.bootstrap ? <Trans>Enabled (first admin)</Trans> : <Trans>Enabled</Trans>}</span>
        ),
    },
    { id: 'added', header: <Trans>Added</Trans>, cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (row) => {
        // The first admin follows the server's settings: a reset gives them a new second factor, and no one disables them.
        // Disabled operators come back through the add. An admin's own Disable is refused in words (OPERATOR_SELF).
        if (row.disabled) return null;
        const { phone, name } = row;
        return (
          <span className="ops-operators__actions">
            <button type="button" className="button button--secondary" onClick={() => setChange({ phone, name, change: 'reset' })}>
              <Trans>Reset sign-in</Trans>
              <span className="visually-hidden"> {name}</span>
            </button>
            {!row.bootstrap && (
              <button type="button" className="button button--secondary" onClick={() => setChange({ phone, name, change: 'disable' })}>
                <Trans>Disable</Trans>
                <span className="visually-hidden"> {name}</span>
              </button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Operators</Trans>
        </h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <Trans>Add operator</Trans>
        </button>
      </div>
      {operators.failed ? (
        <ReadFailed failure={operators.failure} onRetry={operators.retry} />
      ) : (
        <OpsTable
          caption={<Trans>Operators</Trans>}
          columns={columns}
          rows={operators.data?.operators ?? []}
          rowKey={(row) => row.phone}
          busy={operators.busy}
          empty={<Trans>No operators yet.</Trans>}
        />
      )}
      {adding && <OperatorAddDialog onClose={() => setAdding(false)} onAdded={operators.reload} />}
      {change && (
        <OperatorChangeDialog
          change={change}
          onClose={() => setChange(null)}
          onChanged={operators.reload}
          disabledText={t`${change.name} is disabled.`}
        />
      )}
    </div>
  );
}

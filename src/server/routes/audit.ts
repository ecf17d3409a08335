/**
 * The audit trail for admins (docs/decisions/0123-audit-trail.md): every
 * operator action, filtered by operator, member, action and day, newest
 * first; as JSON pages or as one CSV file for a spreadsheet (cells that a
 * spreadsheet would read as a formula are escaped; X-Total-Count says how
 * many matched, more than the rows when the export stopped at its limit).
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type * as v from 'valibot';
import { endpoints } from '../../contract/endpoints.ts';
import type { AuditEntry, AuditQuery } from '../../contract/ops.ts';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { OPS_AUDIT_EXPORT_MAX } from '../policy.ts';
import { listAudit, type AuditFilter, type AuditView } from '../repositories/audit.ts';
import { route } from '../route.ts';

function entryAnswer(entry: AuditView): v.InferOutput<typeof AuditEntry> {
  return { ...entry, id: String(entry.id), createdAt: entry.createdAt.toISOString() };
}

/** The query's filters; a day is midnight to midnight in `zone`. */
function filterOf(query: v.InferOutput<typeof AuditQuery>, zone: string): AuditFilter {
  const { operator, member, action, day, sort } = query;
  const start = day === undefined ? undefined : DateTime.fromISO(day, { zone }).startOf('day');
  return {
    ...(operator !== undefined && { operator }),
    ...(member !== undefined && { member }),
    ...(action !== undefined && { action }),
    ...(sort !== undefined && { sort }),
    ...(start && { between: [start.toJSDate(), start.plus({ days: 1 }).toJSDate()] }),
  };
}

const CSV_COLUMNS = ['id', 'createdAt', 'operator', 'action', 'subject', 'member', 'before', 'after'] as const;

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const zone = VARIANT_TIME_ZONES[app.config.variant];

  route(app, endpoints.opsAudit, async ({ db, query }) => {
    const { entries, total } = await listAudit(db, filterOf(query, zone), (query.page - 1) * query.limit, query.limit);
    return { entries: entries.map(entryAnswer), total };
  });

  route(app, endpoints.opsAuditCsv, async ({ db, query, reply }) => {
    const { entries, total } = await listAudit(db, filterOf(query, zone), 0, OPS_AUDIT_EXPORT_MAX);
    const rows = entries.map((entry) => {
      const answer = entryAnswer(entry);
      return { ...answer, before: JSON.stringify(answer.before), after: JSON.stringify(answer.after) };
    });
    // How many matched: more than the rows when the export stopped at its limit (narrow the filters).
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit.csv"').header('x-total-count', String(total));
    // A BOM, so spreadsheets read the Thai and Lao in it as UTF-8.
    return `\uFEFF${stringify(rows, { header: true, columns: [...CSV_COLUMNS], escape_formulas: true, quoted: true })}`;
  });
}

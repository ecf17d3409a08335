/**
 * The audit's CSV export (GET /api/ops/audit.csv, the page's filters): a
 * download needs the operator's bearer token, which a plain link cannot
 * carry, so it is fetched and handed to the browser as a file. The file is
 * the server's as it is (UTF-8 with a byte-order mark for spreadsheets).
 */
import { baseHeaders, requestPath } from '../../../api/client.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { opsSession } from '../ops-session.ts';

/** Downloads the export; resolves false when the server refused or did not answer. */
export async function downloadAuditCsv(query: Record<string, string>, fileName: string): Promise<boolean> {
  const filters = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'page' && key !== 'limit'));
  try {
    const response = await fetch(requestPath(endpoints.opsAuditCsv.path, undefined, filters), { headers: baseHeaders(opsSession.token()) });
    if (!response.ok) return false;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file over; the address is not needed after it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return true;
  } catch {
    return false;
  }
}

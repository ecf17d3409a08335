/**
 * A console table as a CSV file (the audit, the payout queue for the bank):
 * the download needs the operator's bearer token, which a plain link cannot
 * carry, so the file is fetched and handed to the browser as a blob. The
 * file is the server's as it is (UTF-8 with a byte-order mark, formulas
 * escaped), named as the server names it. The table's filters go with it;
 * its page does not (the export is every row the filters find).
 */
import { baseHeaders, requestPath } from '../../../api/client.ts';
import { opsSession } from '../ops-session.ts';

/** Resolves with the file's name once the browser has it; rejects with the server's message (or NETWORK_ERROR). */
export async function downloadCsv(path: string, query: Record<string, string>, fallbackName: string): Promise<string> {
  const filters = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'page' && key !== 'limit'));
  let response: Response;
  try {
    response = await fetch(requestPath(path, undefined, filters), { headers: baseHeaders(opsSession.token()) });
  } catch {
    throw new Error('NETWORK_ERROR');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'INTERNAL_SERVER_ERROR');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the blob is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Downloads the payout queue's CSV (GET /api/ops/withdrawals.csv) with the
 * operator's token: a plain link would carry no Authorization header, so the
 * file is fetched and handed to the browser as a blob.
 */
import { endpoints } from '../../../contract/endpoints.ts';
import { baseHeaders, requestPath } from '../../../api/client.ts';
import { opsSession } from '../ops-session.ts';

/** Resolves with the file's name once the browser has it; rejects with the server's message (or NETWORK_ERROR). */
export async function downloadWithdrawalsCsv(query: Record<string, string>): Promise<string> {
  const { page: _page, ...filters } = query;
  let response: Response;
  try {
    response = await fetch(requestPath(endpoints.opsWithdrawalsCsv.path, undefined, filters), { headers: baseHeaders(opsSession.token()) });
  } catch {
    throw new Error('NETWORK_ERROR');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'INTERNAL_SERVER_ERROR');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'withdrawals.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the blob is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Multipart uploads (spec 7 POST /api/wallet/slip and the chat's
 * /api/chat/upload-image and /upload-video; spec 9: 5-minute timeout,
 * progress shown) beside the API client's JSON calls (client.ts):
 * the same headers, the answer read as every answer is (answerOf), special
 * messages reported to the session the same way. Only upload screens import
 * it, so it stays out of the /login bundle. XMLHttpRequest rather than
 * fetch: in browsers only XHR reports how much of a request body has been
 * sent (`upload.onprogress`).
 */
import { endpoints, type ResponseOf } from '../contract/endpoints.ts';
import { fillPath, UPLOAD_TIMEOUT_MS } from '../contract/http.ts';
import type { Result } from '../../machines/shared/result.ts';
import { answerOf, type RawResponse } from './answer.ts';
import { baseHeaders, type ApiClient } from './client.ts';
import { guestHeaders } from './guest-token.ts';

/** Endpoints that take a multipart form (spec 7: the slip, the chat's image and video). */
type UploadEndpoint = 'slipUpload' | 'chatUploadImage' | 'chatUploadVideo' | 'opsChatUploadImage' | 'opsChatUploadVideo';

interface UploadOptions {
  signal?: AbortSignal;
  /** How much of the form has been sent, 0 to 1: as it goes, and 1 once all is sent. */
  onProgress?: (fraction: number) => void;
  /** The endpoint's path parameters (the agent inbox's uploads name their conversation). */
  params?: Record<string, string>;
}

/**
 * Sends the form to the endpoint with progress and the upload timeout.
 * Resolves with a Result as `api.call` does; rejects when no answer arrives
 * (offline, the timeout, cancelled), which the machines treat as NETWORK_ERROR.
 */
export async function upload<N extends UploadEndpoint>(
  api: ApiClient,
  name: N,
  form: FormData,
  options: UploadOptions = {},
): Promise<Result<ResponseOf<N>>> {
  const endpoint: (typeof endpoints)[UploadEndpoint] = endpoints[name];
  const token = api.deps.getToken();
  const headers = baseHeaders(token);
  // A visitor's chat upload carries the guest token, as the client's chat calls do (client.ts).
  const guest = endpoint.access === 'chat' && !token;
  if (guest) Object.assign(headers, guestHeaders(null));
  const response = await sendForm(fillPath(endpoint.path, options.params), form, { headers, ...options });
  // A refused guest is the chat's business: a visitor is never sent to /login.
  return answerOf(api.deps, name, endpoint.response, response, !guest);
}

interface SendFormOptions extends UploadOptions {
  headers: Record<string, string>;
}

/** An upload that got no answer: offline, the 5-minute timeout, or cancelled by the member. */
class UploadFailed extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'aborted') {
    super(`upload failed: ${reason}`);
    this.name = reason === 'aborted' ? 'AbortError' : 'UploadFailed';
  }
}

/** The answer's body as JSON, or its text when it is not JSON (a proxy's error page). */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs the form to the path. Resolves with any HTTP answer; rejects with
 * UploadFailed when none arrives, as the JSON calls reject (the machines turn
 * that into NETWORK_ERROR). Never retried: the member retries on purpose.
 */
function sendForm(path: string, form: FormData, { headers, signal, onProgress }: SendFormOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadFailed('aborted'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => signal?.removeEventListener('abort', abort);

    request.open('POST', path);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.responseType = 'text';
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    request.upload.onload = () => onProgress?.(1);
    request.onload = () => {
      done();
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, data: bodyOf(request.responseText) });
    };
    request.onerror = () => {
      done();
      reject(new UploadFailed('network'));
    };
    request.ontimeout = () => {
      done();
      reject(new UploadFailed('timeout'));
    };
    request.onabort = () => {
      done();
      reject(new UploadFailed('aborted'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}

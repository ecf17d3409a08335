/** Sending a slip as multipart over the API client's upload (progress, 5-minute timeout). */
import { fromPromise } from 'xstate';
import { SLIP_FIELD } from '../../src/contract/deposit.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { upload } from '../../src/api/upload.ts';
import type { UploadAnswer, UploadInput } from './slip-upload.types.ts';

export function slipUploadActors(api: ApiClient) {
  return {
    upload: fromPromise<UploadAnswer, UploadInput>(({ input, signal }) => {
      const form = new FormData();
      form.append(SLIP_FIELD, input.file, input.file.name);
      return upload(api, 'slipUpload', form, { signal, onProgress: input.reportProgress });
    }),
  };
}

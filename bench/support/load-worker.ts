/** The worker thread of load.ts: runs autocannon on the load it was given and posts the figures back. */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon, { type Options } from 'autocannon';
import type { Load } from './load.ts';

const load = workerData as Load;
let turn = 0;

const options: Options = {
  url: load.url,
  method: load.method ?? 'GET',
  connections: load.connections,
  duration: load.durationSeconds,
  headers: load.headers,
  requests: [
    {
      setupRequest: (request) => {
        const variant = load.rotation[turn++ % load.rotation.length]!;
        const headers = { ...load.headers, ...variant.headers, ...(load.freshHeader && { [load.freshHeader]: randomUUID() }) };
        return { ...request, headers, ...(variant.body !== undefined && { body: variant.body }) };
      },
    },
  ],
};
// In a worker thread autocannon answers its raw histograms; aggregating them gives the usual figures.
const result = autocannon.aggregateResult([await autocannon(options)], options);
// Only plain data crosses back (the result also holds functions and histograms).
parentPort!.postMessage({ loadResult: JSON.parse(JSON.stringify(result)) });

/** Builds the OpenAPI document off the event loop and posts back its JSON text. */
import { parentPort } from 'node:worker_threads';
import { openApiDocument } from '@meter/contract/openapi';

parentPort!.postMessage(JSON.stringify(openApiDocument()));

/** Builds the OpenAPI document off the event loop and posts back its JSON text. */
import { openApiDocument } from '@meter/contract/openapi';
import { workerPort } from '../../worker-port.ts';

workerPort().postMessage(JSON.stringify(openApiDocument()));

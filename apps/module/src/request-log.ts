/**
 * Fastify's per-request log lines. At info (the default) two lines for every request cost about
 * a quarter of the throughput and ~600 MB a day at 50 consoles, so a successful request writes
 * nothing; refusals (4xx) are one warn line with the request, failures stay errors. At debug
 * (MODULE_LOG_LEVEL=debug) every request is logged again. Audit events go to the module event
 * log, not here.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class ModuleLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.statusCode >= 400) reply.log.warn({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request refused');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

import type { ResponseOf, RouteContract } from '@eh/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { signedInOnly } from './auth.ts';

type Out<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export type ContractRequest<C extends RouteContract> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<C, 'params'>;
  query: Out<C, 'query'>;
  body: Out<C, 'body'>;
};

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ResponseOf<C>>;

/**
 * Registers one contract: its schemas validate input, serialise output and feed OpenAPI; a 'portfolios' contract
 * admits only a signed-in caller.
 */
export function mount<C extends RouteContract>(app: FastifyInstance, contract: C, handler: ContractHandler<C>) {
  const status = contract.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    // Authentication comes before validation: a stranger's malformed request is a 401, not a 400.
    ...(contract.group === 'portfolios' ? { onRequest: signedInOnly(app) } : {}),
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response },
      ...(contract.group === 'portfolios' ? { security: [{ bearer: [] }] } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as ContractRequest<C>, reply);
      reply.status(status);
      return result;
    },
  });
}

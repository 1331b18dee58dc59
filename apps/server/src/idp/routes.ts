import { jsonProblem } from '@eh/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CognitoError } from './errors.ts';
import type { IdpContext } from './flow.ts';
import { OPERATIONS } from './operations.ts';
import { publicKeys } from './tokens.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** What AWS's front door (Coral) names an X-Amz-Target it does not serve; the official client keeps what follows '#'. */
const UNKNOWN_OPERATION = 'com.amazon.coral.service#UnknownOperationException';

/**
 * Bounds of an identity request: the deepest real one is UserAttributes[i].Value (three levels), and no token,
 * session or SRP value comes near the string limit.
 */
const INPUT_LIMITS = { maxDepth: 5, maxKeyLength: 256, maxStringLength: 65_536 };

/**
 * Every string of a request, keys included, checked once where the request enters: a NUL or a lone surrogate
 * would fail the database write (a 500) in whichever operation stored it. Cognito's own answer to a value it
 * refuses: InvalidParameterException naming the parameter.
 */
function checkInput(body: Record<string, unknown>) {
  const problem = jsonProblem(body, INPUT_LIMITS);
  if (!problem) return;
  const at = problem.path.length ? problem.path.join('.') : 'the request';
  throw new CognitoError(
    'InvalidParameterException',
    `1 validation error detected: Value at '${at}' failed to satisfy constraint: Member ${problem.message}`,
  );
}

function sendError(reply: FastifyReply, error: CognitoError) {
  return reply
    .status(error.statusCode)
    .header('x-amzn-errortype', `${error.type.split('#').pop()}:`)
    .type('application/x-amz-json-1.1')
    .send({ __type: error.type, message: error.message });
}

/** The Cognito user-pool JSON protocol: POST /idp with the operation in X-Amz-Target. */
export async function idpRoutes(app: FastifyInstance, opts: { idp: IdpContext }) {
  const { idp } = opts;
  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new CognitoError('SerializationException', 'Request body is not valid JSON'));
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof CognitoError) return sendError(reply, error);
    const status = error.statusCode;
    if (status === 429) return sendError(reply, new CognitoError('TooManyRequestsException', 'Too many requests', 429));
    if (status === 413) return sendError(reply, new CognitoError('InvalidParameterException', 'Request is too large'));
    if (status && status < 500) return sendError(reply, new CognitoError('InvalidParameterException', error.message));
    request.log.error({ err: error }, 'identity provider failure');
    return sendError(reply, new CognitoError('InternalErrorException', 'Internal server error', 500));
  });

  app.post(
    '/',
    { config: { rateLimit: { max: idp.config.IDP_RATE_LIMIT_MAX, timeWindow: 60_000 } } },
    async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const operation =
        typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      const handler = OPERATIONS.get(operation);
      if (!handler) throw new CognitoError(UNKNOWN_OPERATION, `Unknown operation ${JSON.stringify(operation)}`);
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new CognitoError('SerializationException', 'Request body must be a JSON object');
      }
      checkInput(body as Record<string, unknown>);
      const result = await handler(idp, body as Record<string, unknown>);
      return reply.type('application/x-amz-json-1.1').send(result);
    },
  );

  app.get('/:poolId/.well-known/jwks.json', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if (poolId !== idp.config.IDP_USER_POOL_ID)
      throw new CognitoError('ResourceNotFoundException', 'User pool not found', 404);
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await publicKeys(idp.db) };
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { finishFederation, startFederation } from './federation.ts';
import type { IdpContext } from './flow.ts';
import { errorRedirect, logout, OAuthError, parseAuthorize, token, userInfo } from './oauth.ts';

/** A form or JSON body as string parameters; anything else (repeated or non-string values) is left out. */
function stringParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function sendOAuthError(reply: FastifyReply, error: OAuthError) {
  if (error.statusCode === 401 || error.statusCode === 403) {
    reply.header('www-authenticate', `Bearer error="${error.error}", error_description="${error.message}"`);
  }
  return reply.status(error.statusCode).send({ error: error.error, error_description: error.message });
}

/** The hosted UI's OAuth2 endpoints at Cognito's paths (SPEC §6): authorize, token, userInfo, logout, idpresponse. */
export async function oauthRoutes(app: FastifyInstance, opts: { idp: IdpContext }) {
  const { idp } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) params[name] ??= value;
    done(null, params);
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    throw error;
  });
  const limited = { config: { rateLimit: { max: idp.config.IDP_RATE_LIMIT_MAX, timeWindow: 60_000 } } };

  app.get('/oauth2/authorize', limited, async (request, reply) => {
    const outcome = parseAuthorize(idp.config, request.query);
    if ('redirect' in outcome) return reply.redirect(outcome.redirect);
    const { request: authorize } = outcome;
    if (!authorize.identityProvider) {
      const message = 'identity_provider must be Google or SignInWithApple; email sign-in happens in the app';
      return reply.redirect(errorRedirect(authorize.redirectUri, 'invalid_request', message, authorize.state));
    }
    return reply.redirect(await startFederation(idp, authorize, authorize.identityProvider));
  });

  // Google answers with a GET; Apple posts the answer back (form_post).
  app.get('/oauth2/idpresponse', limited, async (request, reply) =>
    reply.redirect(await finishFederation(idp, { method: 'GET', params: stringParams(request.query) }, request.log)),
  );
  app.post('/oauth2/idpresponse', limited, async (request, reply) =>
    reply.redirect(await finishFederation(idp, { method: 'POST', params: stringParams(request.body) }, request.log)),
  );

  app.post('/oauth2/token', limited, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return token(idp, stringParams(request.body), request.headers.authorization);
  });

  const userInfoHandler = async (request: { headers: { authorization?: string } }) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new OAuthError('invalid_token', 'Access token is required', 401);
    return userInfo(idp, header.slice(7).trim());
  };
  app.get('/oauth2/userInfo', limited, userInfoHandler);
  app.post('/oauth2/userInfo', limited, userInfoHandler);

  app.get('/logout', limited, async (request, reply) => reply.redirect(logout(idp.config, request.query)));
}

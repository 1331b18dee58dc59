import {
  deleteOrganizationUser,
  ErrorCode,
  getMyOrganization,
  getOrganizationInvites,
  getOrganizationLicensePrice,
  getOrganizationPaymentMethods,
  getOrganizationSubscription,
  getOrganizationUsers,
  postInviteResponse,
  postOrganization,
  postOrganizationInvites,
  postOrganizationLicenses,
  postOrganizationPaymentMethod,
  postOrganizationPaymentsSetup,
  postOrganizationSubscription,
  postOrganizationUserRole,
  updateOrganization,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { identityContext } from '../../idp/index.ts';
import { announcesAccountChanges } from '../../kernel/account-memory.ts';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { HttpError } from '../../kernel/http/errors.ts';
import { mount } from '../../kernel/http/route.ts';
import { BILLING_OFF_MESSAGE, billingProviderFor } from '../billing/index.ts';
import * as billing from './billing.ts';
import * as service from './service.ts';

/** SPEC §7 Organizations: every call signed in; roles checked in the services (docs/teams.md). */
export async function teamsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const identity = () => identityContext(app);
  announcesAccountChanges(app);
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, postOrganization, async (req) => service.create(ctx, callerOf(req), req.body));
    mount(portfolios, getMyOrganization, async (req) => service.mine(ctx, callerOf(req)));
    mount(portfolios, updateOrganization, async (req) =>
      service.update(ctx, callerOf(req), req.params.orgId, req.body),
    );
    mount(portfolios, postOrganizationInvites, async (req) =>
      service.invite(ctx, identity, callerOf(req), req.params.orgId, req.body),
    );
    mount(portfolios, getOrganizationInvites, async (req) =>
      service.invites(ctx, callerOf(req), req.params.orgId, req.query),
    );
    mount(portfolios, getOrganizationUsers, async (req) => service.users(ctx, callerOf(req), req.params.orgId));
    mount(portfolios, postInviteResponse, async (req) => service.respond(ctx, callerOf(req), req.body));
    mount(portfolios, deleteOrganizationUser, async (req) =>
      service.removeUser(ctx, callerOf(req), req.params.orgId, req.params.userId),
    );
    mount(portfolios, postOrganizationUserRole, async (req) =>
      service.changeRole(ctx, callerOf(req), req.params.orgId, req.params.userId, req.body.role),
    );
    mount(portfolios, getOrganizationLicensePrice, async (req) =>
      billing.licensePrice(ctx, callerOf(req), req.params.orgId, req.query.licenseCount),
    );

    // The team's billing: the same provider as the payments routes (their webhook route signs and applies its events).
    await portfolios.register(async (payments) => {
      if (ctx.config.BILLING_PROVIDER === 'off') {
        payments.addHook('onRequest', async () => {
          throw new HttpError(503, ErrorCode.unavailable, BILLING_OFF_MESSAGE);
        });
      }
      const provider = billingProviderFor(ctx.config);
      mount(payments, postOrganizationPaymentsSetup, async (req) =>
        billing.setup(ctx, provider, callerOf(req), req.params.orgId),
      );
      mount(payments, getOrganizationPaymentMethods, async (req) =>
        billing.methods(ctx, provider, callerOf(req), req.params.orgId),
      );
      mount(payments, postOrganizationPaymentMethod, async (req) =>
        billing.addMethod(ctx, provider, callerOf(req), req.params.orgId, req.body.stripePaymentMethodId),
      );
      mount(payments, getOrganizationSubscription, async (req) =>
        billing.subscription(ctx, provider, callerOf(req), req.params.orgId),
      );
      mount(payments, postOrganizationSubscription, async (req) =>
        billing.subscribe(ctx, provider, callerOf(req), req.params.orgId, req.body),
      );
      mount(payments, postOrganizationLicenses, async (req) =>
        billing.setLicenses(ctx, provider, callerOf(req), req.params.orgId, req.body),
      );
    });
  });
}

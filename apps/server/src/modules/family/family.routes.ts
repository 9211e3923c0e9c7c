import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { FamilyService } from './family.service.ts';

/** The Family plan's endpoints: the family, invitations, joining and leaving, the dashboard, parental controls. */
export function registerFamilyRoutes(app: FastifyInstance, family: FamilyService, options: { publicOrigins: readonly string[] }): void {
  // The invitation link's address: where people open the app (the same-origin check has already
  // refused a browser's state-changing request from any other origin).
  const originOf = (request: FastifyRequest) => options.publicOrigins[0] ?? `${request.protocol}://${request.host}`;

  defineRoute(app, ENDPOINTS.getFamily, ({ userId }) => family.view(userId));
  defineRoute(app, ENDPOINTS.createFamilyInvitation, ({ userId, body, request }) => family.invite(userId, body, originOf(request)));
  defineRoute(app, ENDPOINTS.deleteFamilyInvitation, async ({ userId, params }) => {
    await family.revokeInvitation(userId, params.id);
    return { success: true as const };
  });
  defineRoute(app, ENDPOINTS.previewFamilyInvitation, ({ body }) => family.preview(body.token));
  defineRoute(app, ENDPOINTS.joinFamily, ({ userId, body }) => family.join(userId, body.token));
  defineRoute(app, ENDPOINTS.leaveFamily, async ({ userId }) => {
    await family.leave(userId);
    return { success: true as const };
  });
  defineRoute(app, ENDPOINTS.removeFamilyMember, async ({ userId, params }) => {
    await family.removeMember(userId, params.userId);
    return { success: true as const };
  });
  defineRoute(app, ENDPOINTS.setFamilyMemberProtection, ({ userId, params, body }) => family.setProtection(userId, params.userId, body));
  defineRoute(app, ENDPOINTS.familyDashboard, ({ userId }) => family.dashboard(userId));
}

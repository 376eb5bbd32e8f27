import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, staffRoutes as staffTable } from '@gemstore/contracts';
import { staffContext } from '../../lib/context.ts';
import { requestDomain } from '../../lib/domains.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { bearerToken } from '../../plugins/auth.ts';

/** The store's address as the caller reached it (with its port when the Host is that domain): invitation links point there. */
function originOf(request: FastifyRequest): string {
  const domain = requestDomain(request) ?? request.hostname;
  return `${request.protocol}://${request.hostname === domain ? request.host : domain}`;
}

/** The back office's staff calls (/api/admin): sign-in, two-factor, staff and the security setting. */
export async function staffRoutes(app: FastifyInstance) {
  const { staff } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, staffTable), {
    adminLogin: (request) => staff.login(request.ctx, request.body),
    adminLoginTotp: (request) => staff.loginTotp(request.ctx, request.body),
    adminInvitation: (request) => staff.invitation(request.ctx, request.body.token),
    adminInvitationAccept: (request) => staff.acceptInvitation(request.ctx, request.body),
    adminLogout: (request) => staff.logout(staffContext(request), bearerToken(request)),
    adminMe: (request) => staff.me(staffContext(request)),
    adminTotpStart: (request) => staff.totpStart(staffContext(request)),
    adminTotpConfirm: (request) => staff.totpConfirm(staffContext(request), request.body.code),
    adminTotpDisable: (request) => staff.totpDisable(staffContext(request), request.body.password, bearerToken(request)),
    adminStaffList: (request) => staff.list(staffContext(request)),
    adminStaffInvite: (request) => staff.invite(staffContext(request), { ...request.body, origin: originOf(request) }),
    adminStaffRole: (request) => staff.changeRole(staffContext(request), request.params.id, request.body.role),
    adminStaffRemove: (request) => staff.remove(staffContext(request), request.params.id),
    adminSecurity: async (request) => staff.security(staffContext(request)),
    adminSecurityUpdate: (request) => staff.setSecurity(staffContext(request), request.body),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, staffRoutes as staffTable } from '@gemstore/contracts';
import { staffContext } from '../../lib/context.ts';
import { requestDomain } from '../../lib/domains.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { SignInClient } from './staff.service.ts';

/** The store's address as the caller reached it (with its port when the Host is that domain): invitation links point there. */
function originOf(request: FastifyRequest): string {
  const domain = requestDomain(request) ?? request.hostname;
  return `${request.protocol}://${request.hostname === domain ? request.host : domain}`;
}

/** The browser a sign-in is made from. */
function clientOf(request: FastifyRequest): SignInClient {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : undefined };
}

/** The back office's staff calls (/api/admin): sign-in, two-factor, staff and the security setting. */
export async function staffRoutes(app: FastifyInstance) {
  const { staff } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, staffTable), {
    adminLogin: (request) => staff.login(request.ctx, request.body, clientOf(request)),
    adminLoginTotp: (request) => staff.loginTotp(request.ctx, request.body, clientOf(request)),
    adminLoginEmail: (request) => staff.loginEmail(request.ctx, request.body.email),
    adminLoginEmailVerify: (request) => staff.loginEmailVerify(request.ctx, request.body, clientOf(request)),
    adminPasswordForgot: (request) => staff.passwordForgot(request.ctx, request.body.email),
    adminPasswordReset: (request) => staff.passwordReset(request.ctx, request.body),
    adminInvitation: (request) => staff.invitation(request.ctx, request.body.token),
    adminInvitationAccept: (request) => staff.acceptInvitation(request.ctx, request.body, clientOf(request)),
    adminLogout: (request) => staff.logout(staffContext(request), bearerToken(request)),
    adminMe: (request) => staff.me(staffContext(request)),
    adminPassword: (request) => staff.changePassword(staffContext(request), request.body),
    adminSessions: (request) => staff.sessions(staffContext(request)),
    adminSessionEnd: (request) => staff.endSession(staffContext(request), request.params.id),
    adminSessionsEndOthers: (request) => staff.endOtherSessions(staffContext(request)),
    adminTotpStart: (request) => staff.totpStart(staffContext(request)),
    adminTotpConfirm: (request) => staff.totpConfirm(staffContext(request), request.body.code),
    adminTotpDisable: (request) => staff.totpDisable(staffContext(request), request.body),
    adminStaffList: (request) => staff.list(staffContext(request)),
    adminStaffInvite: (request) => staff.invite(staffContext(request), { ...request.body, origin: originOf(request) }),
    adminStaffRole: (request) => staff.changeRole(staffContext(request), request.params.id, request.body.role),
    adminStaffRemove: (request) => staff.remove(staffContext(request), request.params.id),
    adminStaffSessions: (request) => staff.memberSessions(staffContext(request), request.params.id),
    adminStaffSessionEnd: (request) => staff.endMemberSessions(staffContext(request), request.params.id, request.params.sessionId),
    adminStaffSessionsEnd: (request) => staff.endMemberSessions(staffContext(request), request.params.id),
    adminStaffSignInAlerts: (request) => staff.signInAlerts(staffContext(request)),
    adminSecurity: async (request) => staff.security(staffContext(request)),
    adminSecurityUpdate: (request) => staff.setSecurity(staffContext(request), request.body),
  });
}

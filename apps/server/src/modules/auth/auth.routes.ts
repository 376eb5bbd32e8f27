import type { FastifyInstance } from 'fastify';
import { authRoutes as authTable, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { bearerToken } from '../../plugins/auth.ts';

/** The storefront API's Auth calls (sign-in, registration, password reset, session). All POST. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, customers } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, authTable), {
    authUser: (request) => customers.authUser(request.ctx),
    logout: (request) => auth.logout(request.ctx, bearerToken(request)),

    login: (request) => auth.login(request.ctx, request.body),
    loginPasswordSubmit: (request) => auth.loginPasswordSubmit(request.ctx, request.body),
    loginWithPassword: (request) => auth.loginPasswordSubmit(request.ctx, request.body),
    loginSendOtp: (request) => auth.loginSendOtp(request.ctx, request.body),
    loginOtpVerify: (request) => auth.loginOtpVerify(request.ctx, request.body),
    // Resend and voice calls of each flow: a new code replaces the one named by regId.
    loginResendOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'login', voice: false }),
    loginVoiceOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'login', voice: true }),

    register: (request) => auth.register(request.ctx, request.body),
    userRegister: (request) => auth.register(request.ctx, request.body),
    registerOtpVerify: (request) => auth.registerOtpVerify(request.ctx, request.body),
    userVerifyOtp: (request) => auth.registerOtpVerify(request.ctx, request.body),
    registerResendOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'register', voice: false }),
    registerVoiceOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'register', voice: true }),

    forgotPasswordSendOtp: (request) => auth.forgotPasswordSendOtp(request.ctx, { identifier: request.body.phone, field: 'phone' }),
    forgotPassword: (request) => auth.forgotPasswordSendOtp(request.ctx, { identifier: request.body.email, field: 'email' }),
    forgotPasswordOtpSubmit: (request) => auth.forgotPasswordOtpSubmit(request.ctx, request.body),
    forgotPasswordResendOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'reset', voice: false }),
    forgotPasswordVoiceOtp: (request) => auth.resendCode(request.ctx, { ...request.body, purpose: 'reset', voice: true }),
    submitNewPassword: (request) => auth.submitNewPassword(request.ctx, request.body),
  });
}

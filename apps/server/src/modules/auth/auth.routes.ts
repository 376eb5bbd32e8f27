import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthUserResponse, ForgotPasswordBody, ForgotPasswordOtpSubmitBody, ForgotPasswordOtpSubmitResponse, ForgotPasswordSendOtpBody,
  ForgotPasswordSendOtpResponse, LoginBody, LoginOtpVerifyBody, LoginPasswordSubmitBody, LoginPasswordSubmitResponse, LoginResponse,
  LoginSendOtpBody, MessageResponse, OtpResendBody, OtpSentResponse, RegisterBody, RegisterOtpVerifyBody, RegisterResponse,
  SubmitNewPasswordBody, TokenResponse,
} from '@gemstore/contracts';
import { bearerToken, customerOnly } from '../../plugins/auth.ts';
import { getAuthUser } from '../customers/customers.service.ts';
import type { OtpPurpose, ServiceDeps } from '../notifications/notifications.service.ts';
import { sendersFor } from '../notifications/notifications.routes.ts';
import * as service from './auth.service.ts';

/** The Auth calls of spec section 7 (sign-in, registration, password reset, session). All POST. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const senders = sendersFor(app.config);
  const deps = (request: FastifyRequest): ServiceDeps => ({ config: app.config, senders, ip: request.ip, log: request.log });

  app.post('/auth-user', { preValidation: customerOnly, schema: { response: { 200: AuthUserResponse } } },
    async (request) => getAuthUser(db, request.ctx));
  app.post('/logout', { schema: { response: { 200: MessageResponse } } },
    async (request) => service.logout(db, request.ctx, bearerToken(request)));

  // Sign-in.
  app.post('/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request) => service.login(db, request.ctx, request.body, deps(request)));
  for (const path of ['/login-password-submit', '/login-with-password']) {
    app.post(path, { schema: { body: LoginPasswordSubmitBody, response: { 200: LoginPasswordSubmitResponse } } },
      async (request) => service.loginPasswordSubmit(db, request.ctx, request.body, deps(request)));
  }
  app.post('/login-send-otp', { schema: { body: LoginSendOtpBody, response: { 200: OtpSentResponse } } },
    async (request) => service.loginSendOtp(db, request.ctx, request.body, deps(request)));
  app.post('/login-otp-verify', { schema: { body: LoginOtpVerifyBody, response: { 200: TokenResponse } } },
    async (request) => service.loginOtpVerify(db, request.ctx, request.body, deps(request)));

  // Registration.
  for (const path of ['/register', '/user-register']) {
    app.post(path, { schema: { body: RegisterBody, response: { 200: RegisterResponse } } },
      async (request) => service.register(db, request.ctx, request.body, deps(request)));
  }
  for (const path of ['/register-otp-verify', '/user-verify-otp']) {
    app.post(path, { schema: { body: RegisterOtpVerifyBody, response: { 200: TokenResponse } } },
      async (request) => service.registerOtpVerify(db, request.ctx, request.body, deps(request)));
  }

  // Password reset.
  app.post('/forgot-password-send-otp', { schema: { body: ForgotPasswordSendOtpBody, response: { 200: ForgotPasswordSendOtpResponse } } },
    async (request) => service.forgotPasswordSendOtp(db, request.ctx, { identifier: request.body.phone, field: 'phone' }, deps(request)));
  app.post('/forgot-password', { schema: { body: ForgotPasswordBody, response: { 200: ForgotPasswordSendOtpResponse } } },
    async (request) => service.forgotPasswordSendOtp(db, request.ctx, { identifier: request.body.email, field: 'email' }, deps(request)));
  app.post('/forgot-password-otp-submit', { schema: { body: ForgotPasswordOtpSubmitBody, response: { 200: ForgotPasswordOtpSubmitResponse } } },
    async (request) => service.forgotPasswordOtpSubmit(db, request.ctx, request.body, deps(request)));
  app.post('/submit-new-password', { schema: { body: SubmitNewPasswordBody, response: { 200: MessageResponse } } },
    async (request) => service.submitNewPassword(db, request.ctx, request.body, deps(request)));

  // Resend and voice calls of each flow: a new code replaces the one named by regId.
  const resends: [string, OtpPurpose, boolean][] = [
    ['/login-resend-otp', 'login', false], ['/login-voice-otp', 'login', true],
    ['/register-resend-otp', 'register', false], ['/register-voice-otp', 'register', true],
    ['/forgot-password-resend-otp', 'reset', false], ['/forgot-password-voice-otp', 'reset', true],
  ];
  for (const [path, purpose, voice] of resends) {
    app.post(path, { schema: { body: OtpResendBody, response: { 200: OtpSentResponse } } },
      async (request) => service.resendCode(db, request.ctx, { ...request.body, purpose, voice }, deps(request)));
  }
};

import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints, paymentRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { messagePage, newNonce, razorpayPage, razorpayPageCsp, sandboxPage, SANDBOX_PAGE_CSP } from './pages.ts';

function html(reply: FastifyReply, status: number, body: string, csp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'") {
  return reply.status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', csp)
    .send(body);
}

/**
 * The payment host pages (/pay/*), outside /api: opened by browser navigation,
 * so they are authorised by the signed pass from retry-pay, not by a bearer token.
 *   GET  /pay/sandbox/{orderId}?token=   the built-in provider's page (Pay / Fail)
 *   GET  /pay/razorpay/{orderId}?token=  Razorpay Checkout
 *   POST /pay/callback/{orderId}         the signed result from either, then back to order/view/{id}
 * And POST /api/payments/razorpay/webhook: no tenant (Razorpay calls it for every shop), raw body
 * for the signature. Registered at the root: the table's paths say where each lives.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  const { payments } = app.services;
  const { payment } = app.flows;
  const { razorpayWebhook, ...pages } = endpointsOf(endpoints, paymentRoutes);

  async function payPage(provider: 'sandbox' | 'razorpay', orderId: number, token: string | undefined, host: string, reply: FastifyReply) {
    if (provider === 'sandbox' && !payments.sandboxEnabled) {
      return html(reply, 404, messagePage('Payment unavailable', 'The sandbox payment page is switched off on this server.', orderId));
    }
    if (!payments.checkPayLink(orderId, token)) {
      return html(reply, 403, messagePage('Payment link expired', 'This payment link is not valid or has expired. Open the order and choose Retry Payment.', orderId));
    }
    const data = await payment.payPage(provider, orderId);
    if (!data) return html(reply, 404, messagePage('No payment in progress', 'This order has no payment in progress here. Open the order and choose Retry Payment.', orderId));
    if (data.status === 'paid') return reply.status(303).header('location', `/order/view/${orderId}`).send();
    const callbackPath = `/pay/callback/${orderId}`;
    if (provider === 'sandbox') return html(reply, 200, sandboxPage(data, callbackPath, payments.signSandboxPayment(data.providerOrderId)), SANDBOX_PAGE_CSP);
    const nonce = newNonce();
    return html(reply, 200, razorpayPage(data, `${host}${callbackPath}`, nonce), razorpayPageCsp(nonce));
  }

  await app.register(async (scope) => {
    // Payment pages post their result as an HTML form.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerEndpoints(scope, pages, {
      sandboxPage: (request, reply) => payPage('sandbox', request.params.orderId, request.query.token, `${request.protocol}://${request.host}`, reply),
      razorpayPage: (request, reply) => payPage('razorpay', request.params.orderId, request.query.token, `${request.protocol}://${request.host}`, reply),
      paymentCallback: async (request, reply) => {
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
        const result = await payment.callback(request.params.orderId, form, request.log);
        if (result.kind === 'rejected') {
          request.log.warn({ orderId: result.orderId, reason: result.reason }, 'payment callback rejected');
          return html(reply, 400, messagePage('Payment not confirmed', `${result.reason} If money left your account, the shop will confirm it shortly.`, result.orderId));
        }
        const query = result.kind === 'paid' ? '' : `?payment=${result.kind}`;
        return reply.status(303).header('location', `/order/view/${result.orderId}${query}`).send();
      },
    });
  });

  // The signature covers the exact bytes: the body is read raw, not parsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    registerEndpoints(scope, { razorpayWebhook }, {
      razorpayWebhook: async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('Send the event as application/json.', 'bad_request');
        const result = await payment.razorpayWebhook(request.body, request.headers, request.log);
        if (result.status === 200) return result.body;
        request.log.warn({ status: result.status, message: result.body.message }, 'razorpay webhook refused');
        // Refusals in the API's error shapes: Razorpay retries until it gets a 2xx.
        const { message } = result.body;
        if (result.status === 422) throw new ValidationError({ body: [message] }, message);
        throw new AppError(message, result.status === 503 ? 'payment_provider_not_configured' : 'bad_request');
      },
    }, { razorpayWebhook: { validateBody: false } });
  }, { prefix: '/api' });
}

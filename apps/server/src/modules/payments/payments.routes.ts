import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messagePage, newNonce, razorpayPage, razorpayPageCsp, sandboxPage, SANDBOX_PAGE_CSP } from './pages.ts';
import * as service from './payments.service.ts';
import { verifyPayLink } from './signatures.ts';

const OrderParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });
const TokenQuery = z.object({ token: z.string().max(200).optional() });

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
 * The payment host pages (ARCHITECTURE.md: /pay/*), outside /api: opened by browser navigation,
 * so they are authorised by the signed pass from retry-pay, not by a bearer token.
 *   GET  /pay/sandbox/{orderId}?token=   the built-in provider's page (Pay / Fail)
 *   GET  /pay/razorpay/{orderId}?token=  Razorpay Checkout
 *   POST /pay/callback/{orderId}         the signed result from either, then back to order/view/{id}
 */
export const payPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const config = app.config.checkout;

  // Payment pages post their result as an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const provider of ['sandbox', 'razorpay'] as const) {
    app.get(`/${provider}/:orderId`, { schema: { params: OrderParams, querystring: TokenQuery } }, async (request, reply) => {
      const { orderId } = request.params;
      if (provider === 'sandbox' && !config.sandboxEnabled) {
        return html(reply, 404, messagePage('Payment unavailable', 'The sandbox payment page is switched off on this server.', orderId));
      }
      if (!verifyPayLink(config.payLinkSecret, orderId, request.query.token)) {
        return html(reply, 403, messagePage('Payment link expired', 'This payment link is not valid or has expired. Open the order and choose Retry Payment.', orderId));
      }
      const data = await service.payPageData(db, config, provider, orderId);
      if (!data) return html(reply, 404, messagePage('No payment in progress', 'This order has no payment in progress here. Open the order and choose Retry Payment.', orderId));
      if (data.status === 'paid') return reply.status(303).header('location', `/order/view/${orderId}`).send();
      const callbackPath = `/pay/callback/${orderId}`;
      if (provider === 'sandbox') {
        return html(reply, 200, sandboxPage(data, callbackPath, service.providersFor(config).sandbox.signPayment(data.providerOrderId)), SANDBOX_PAGE_CSP);
      }
      const nonce = newNonce();
      return html(reply, 200, razorpayPage(data, `${request.protocol}://${request.host}${callbackPath}`, nonce), razorpayPageCsp(nonce));
    });
  }

  app.post('/callback/:orderId', { schema: { params: OrderParams } }, async (request, reply) => {
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const result = await service.handleCallback(db, config, request.params.orderId, form);
    if (result.kind === 'rejected') {
      request.log.warn({ orderId: result.orderId, reason: result.reason }, 'payment callback rejected');
      return html(reply, 400, messagePage('Payment not confirmed', `${result.reason} If money left your account, the shop will confirm it shortly.`, result.orderId));
    }
    const query = result.kind === 'paid' ? '' : `?payment=${result.kind}`;
    return reply.status(303).header('location', `/order/view/${result.orderId}${query}`).send();
  });
};

/** POST /api/payments/razorpay/webhook: no tenant (Razorpay calls it for every shop), raw body for the signature. */
export const paymentsApiRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const config = app.config.checkout;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/payments/razorpay/webhook', { config: { skipTenant: true } }, async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) return reply.status(400).send({ message: 'Send the event as application/json.' });
    const result = await service.handleRazorpayWebhook(db, config, request.body, request.headers);
    if (result.status !== 200) request.log.warn({ status: result.status, message: result.body.message }, 'razorpay webhook refused');
    return reply.status(result.status).send(result.body);
  });
};

import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints, invoiceRoutes } from '@gemstore/contracts';
import { customerContext, staffContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

function sendPdf(reply: FastifyReply, file: { filename: string; body: Buffer }) {
  return reply.type('application/pdf').header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
}

/** Invoice PDFs (flows/invoices.ts) and the tax settings they are made from (flows/tax-settings.ts). */
export async function invoicesRoutes(app: FastifyInstance) {
  const { invoices, taxSettings } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, invoiceRoutes), {
    orderInvoice: async (request, reply) => sendPdf(reply, await invoices.customerPdf(customerContext(request), request.params.orderId)),
    adminOrderInvoice: async (request, reply) => sendPdf(reply, await invoices.staffPdf(staffContext(request), request.params.id)),
    adminTaxSettings: (request) => taxSettings.read(staffContext(request)),
    adminTaxSettingsUpdate: (request) => taxSettings.update(staffContext(request), request.body),
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints, invoiceRoutes } from '@gemstore/contracts';
import { customerContext, staffContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** A cell as CSV writes it: quoted when it holds a comma, quote or line break; text that a spreadsheet would run as a formula guarded with an apostrophe (figures stay figures, negative ones too). */
function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

async function sendTable(reply: FastifyReply, file: { columns: readonly string[]; name: string; batches: AsyncIterable<Record<string, string>[]> }) {
  const lines = [file.columns.map(csvCell).join(',')];
  for await (const batch of file.batches) for (const row of batch) lines.push(file.columns.map((c) => csvCell(row[c] ?? '')).join(','));
  return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file.name}.csv"`).send(`\uFEFF${lines.join('\r\n')}\r\n`);
}

function sendPdf(reply: FastifyReply, file: { filename: string; body: Buffer }) {
  return reply.type('application/pdf').header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
}

/** Invoice and credit note PDFs (flows/invoices.ts), the monthly GST report (flows/gst-report.ts) and the tax settings (flows/tax-settings.ts). */
export async function invoicesRoutes(app: FastifyInstance) {
  const { invoices, taxSettings, gstReport } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, invoiceRoutes), {
    orderInvoice: async (request, reply) => sendPdf(reply, await invoices.customerPdf(customerContext(request), request.params.orderId)),
    adminOrderInvoice: async (request, reply) => sendPdf(reply, await invoices.staffPdf(staffContext(request), request.params.id)),
    orderCreditNote: async (request, reply) => sendPdf(reply, await invoices.customerCreditNotePdf(customerContext(request), request.params.orderId, request.params.noteId)),
    adminOrderCreditNote: async (request, reply) => sendPdf(reply, await invoices.staffCreditNotePdf(staffContext(request), request.params.id, request.params.noteId)),
    adminGstReport: (request) => gstReport.report(staffContext(request), request.query),
    adminGstReportCsv: async (request, reply) => sendTable(reply, await gstReport.csv(staffContext(request), request.query)),
    adminTaxSettings: (request) => taxSettings.read(staffContext(request)),
    adminTaxSettingsUpdate: (request) => taxSettings.update(staffContext(request), request.body),
  });
}

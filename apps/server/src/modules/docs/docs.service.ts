import { endpoints, openApiDocument } from '@gemstore/contracts';
import { escapeHtml } from '../../lib/html.ts';

type Operation = { operationId: string; summary: string; tags: string[]; requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> };

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin:32px 0 8px;text-transform:capitalize;border-bottom:1px solid #ddd}section{background:#fff;border:1px solid #e3e3e3;border-radius:8px;margin:8px 0;padding:8px 12px}
code{font:13px ui-monospace,monospace}.m{display:inline-block;min-width:48px;font-weight:700;font-size:12px;padding:2px 6px;border-radius:4px;color:#fff;text-align:center}
.GET{background:#2f7d32}.POST{background:#1f5fa8}summary{cursor:pointer}pre{background:#f4f4f4;padding:8px;overflow:auto;font-size:12px;max-height:420px}`;

/**
 * The API's description: the OpenAPI 3.1 document made from the endpoint table, and a reference
 * page made from that document on the server (no script, so it keeps the API's strict CSP).
 */
export function createDocsService(info: { version: string }) {
  // Made on first request and kept: generating it converts every schema of the table, work that
  // no start of the server (or test app) should pay for.
  let document: ReturnType<typeof openApiDocument> | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= openApiDocument(endpoints, {
    title: 'Gemstore API', version: info.version,
    description: 'The storefront API of every Gemstore shop. Send the shop\'s hostname in the `domain` header (the browser\'s Host otherwise); customer calls take `Authorization: Bearer <token>` from sign-in.',
  }));
  return {
    openApi,
    referencePage: () => (page ??= referencePage(openApi() as unknown as { info: { title: string; description?: string }; paths: Record<string, Record<string, Operation>> })),
  };
}

function referencePage(doc: { info: { title: string; description?: string }; paths: Record<string, Record<string, Operation>> }): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const details = [
        op.parameters?.length ? `<h4>Parameters</h4><pre>${escapeHtml(JSON.stringify(op.parameters, null, 2))}</pre>` : '',
        op.requestBody ? `<h4>Body</h4><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre>` : '',
        `<h4>Answers</h4><pre>${escapeHtml(JSON.stringify(op.responses, null, 2))}</pre>`,
      ].join('');
      const html = `<section id="${escapeHtml(op.operationId)}"><details><summary><span class="m ${method.toUpperCase()}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(op.summary)}</summary>${details}</details></section>`;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(doc.info.title)}</h1>`
    + `<p>${escapeHtml(doc.info.description ?? '')} The same description as JSON: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</main></body></html>`;
}

export type DocsService = ReturnType<typeof createDocsService>;

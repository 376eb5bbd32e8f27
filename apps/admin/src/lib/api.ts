import { ApiError, callUrl, createApiClient, fetchTransport, isErrorOf, routes, type Endpoints } from '@gemstore/contracts/client';
import type { Photo } from '@gemstore/contracts';

/**
 * The back office's API client, typed by the endpoint table: calls go to /api on this origin,
 * name the store by the hostname, and carry the staff token when one is stored. The token is kept
 * for the browser tab's session only (sessionStorage): closing the tab signs out.
 */
const TOKEN_KEY = 'gemstore.staff-token';

export function getStaffToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string | null): void {
  if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
  else window.sessionStorage.removeItem(TOKEN_KEY);
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { domain: window.location.hostname };
  const token = getStaffToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

export const api = createApiClient<Endpoints>(routes, fetchTransport({ headers: requestHeaders }));

/**
 * Saves a file a staff call answers (the stone export, an invoice PDF) under the name the server
 * gives it. A link cannot carry the staff token, so the file is fetched with it and handed to the
 * browser's download.
 */
export async function downloadFile(url: string, fallbackName = 'download'): Promise<void> {
  const res = await fetch(url, { headers: requestHeaders() });
  if (!res.ok) {
    const text = await res.text();
    let data: unknown = { message: text || `The download failed (${res.status}).` };
    try { data = JSON.parse(text); } catch { /* not JSON: its text is the message */ }
    throw new ApiError(res.status, data);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Sends one picture to /api/admin/media; answers its name (what a form sends back) and files. */
export async function uploadPicture(file: File): Promise<Photo> {
  const form = new FormData();
  form.append('file', file);
  return (await api.adminUploadImage({ form })).photo;
}

/** The first message of a failed call, for a form's alert or a field. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/** The field errors of a 422, keyed by field. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']));
}

export function isSignedOut(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

/** Saves the PDF invoice (or receipt) of a paid order. */
export const downloadInvoice = (orderId: number) => downloadFile(callUrl(routes.adminOrderInvoice, { params: { id: orderId } }), `invoice-${orderId}.pdf`);

/** Saves the PDF GST credit note of a refund of an order. */
export const downloadCreditNote = (orderId: number, noteId: number) =>
  downloadFile(callUrl(routes.adminOrderCreditNote, { params: { id: orderId, noteId } }), `credit-note-${noteId}.pdf`);

export { ApiError, callUrl, isErrorOf, routes };

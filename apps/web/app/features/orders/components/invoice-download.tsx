import { useState } from 'react';
import type { CreditNoteSummary } from '@gemstore/contracts';
import { callUrl, routes } from '@gemstore/contracts/client';
import { getAuthToken } from '../../../lib/api.ts';

/**
 * Downloads the paid order's invoice (a tax invoice in India, a receipt elsewhere). The call needs
 * the bearer token, which a plain link cannot carry: the PDF is fetched, then saved from memory.
 */
async function saveFile(url: string, fallbackName: string, failure: string): Promise<void> {
  const token = getAuthToken();
  const res = await fetch(url, {
    headers: { domain: window.location.hostname, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null) as { message?: string } | null;
    throw new Error(body?.message ?? failure);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function InvoiceDownload({ orderId }: { orderId: number }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await saveFile(callUrl(routes.orderInvoice, { params: { orderId } }), `invoice-${orderId}.pdf`, 'The invoice could not be downloaded. Please try again.');
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : 'The invoice could not be downloaded.' });
    }
  };
  return (
    <div className="invoice-download">
      <button type="button" className="button button--ghost" onClick={download} disabled={state.busy} data-testid="invoice-download">
        {state.busy ? 'Preparing…' : 'Download invoice'}
      </button>
      {state.error && <p className="form-error" role="alert">{state.error}</p>}
    </div>
  );
}

/** The GST credit notes of the order's refunds, each downloaded the way the invoice is. */
export function CreditNoteDownloads({ orderId, notes }: { orderId: number; notes: Pick<CreditNoteSummary, 'id' | 'number'>[] }) {
  const [state, setState] = useState<{ busy: number | null; error: string | null }>({ busy: null, error: null });
  const download = async (noteId: number) => {
    setState({ busy: noteId, error: null });
    try {
      await saveFile(callUrl(routes.orderCreditNote, { params: { orderId, noteId } }), `credit-note-${noteId}.pdf`, 'The credit note could not be downloaded. Please try again.');
      setState({ busy: null, error: null });
    } catch (err) {
      setState({ busy: null, error: err instanceof Error ? err.message : 'The credit note could not be downloaded.' });
    }
  };
  return (
    <div className="invoice-download" data-testid="credit-notes">
      {notes.map((n) => (
        <button key={n.id} type="button" className="button button--ghost" onClick={() => download(n.id)} disabled={state.busy !== null} data-testid="credit-note-download">
          {state.busy === n.id ? 'Preparing…' : `Download credit note ${n.number}`}
        </button>
      ))}
      {state.error && <p className="form-error" role="alert">{state.error}</p>}
    </div>
  );
}

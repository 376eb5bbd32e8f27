import { useState } from 'react';
import { callUrl, routes } from '@gemstore/contracts/client';
import { getAuthToken } from '../../../lib/api.ts';

/**
 * Downloads the paid order's invoice (a tax invoice in India, a receipt elsewhere). The call needs
 * the bearer token, which a plain link cannot carry: the PDF is fetched, then saved from memory.
 */
export function InvoiceDownload({ orderId }: { orderId: number }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const token = getAuthToken();
      const res = await fetch(callUrl(routes.orderInvoice, { params: { orderId } }), {
        headers: { domain: window.location.hostname, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) {
        const body = await res.json().catch(() => null) as { message?: string } | null;
        throw new Error(body?.message ?? 'The invoice could not be downloaded. Please try again.');
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `invoice-${orderId}.pdf`;
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

/**
 * A loopback stand-in for the parts of Razorpay's API the shop calls: create an order, refund a
 * payment, list a payment's refunds, list an order's payments. It answers as Razorpay's API does
 * (JSON, error objects with a code and description) and records every call, so a test runs the real
 * SDK against it and checks what was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall { method: string; path: string; authorization?: string; body: Record<string, unknown> }
export interface FakeRefund { id: string; entity: 'refund'; payment_id: string; amount: number; currency: 'INR'; receipt: string | null; notes: unknown; status: string; created_at: number }
export interface FakePayment { id: string; entity: 'payment'; order_id: string; amount: number; currency: 'INR'; status: string }

/** What a refund call answers instead of making the refund: an error status and description, or no answer at all. */
export type RefundTrouble = { status: number; code?: string; description: string } | 'hang';

export interface FakeRazorpay {
  url: string;
  calls: FakeCall[];
  refunds: FakeRefund[];
  payments: FakePayment[];
  /** The status a new refund gets ('processed' by default, 'pending' like a normal-speed refund in progress). */
  refundStatus: 'processed' | 'pending';
  /** Set to make refund calls fail; cleared by reset(). */
  refundTrouble: RefundTrouble | null;
  /** Make the refund anyway before the trouble answers (a timeout after Razorpay made it). */
  refundDespiteTrouble: boolean;
  reset(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => resolve(data));
  });
}

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  let counter = 0;
  const hanging = new Set<() => void>();
  const fake: FakeRazorpay = {
    url: '', calls: [], refunds: [], payments: [], refundStatus: 'processed', refundTrouble: null, refundDespiteTrouble: false,
    reset() {
      fake.calls = [];
      fake.refundStatus = 'processed';
      fake.refundTrouble = null;
      fake.refundDespiteTrouble = false;
    },
    async close() {
      for (const end of hanging) end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = raw ? JSON.parse(raw) as Record<string, unknown> : Object.fromEntries(url.searchParams);
    fake.calls.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      counter += 1;
      return send(200, { id: `order_Fake${counter}`, entity: 'order', amount: body.amount, currency: 'INR', receipt: body.receipt, status: 'created', notes: {} });
    }
    if (req.method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname))) {
      const paymentId = m[1]!;
      const make = () => {
        counter += 1;
        const refund: FakeRefund = {
          id: `rfnd_Fake${counter}`, entity: 'refund', payment_id: paymentId, amount: Number(body.amount), currency: 'INR',
          receipt: (body.receipt as string | undefined) ?? null, notes: body.notes ?? {}, status: fake.refundStatus, created_at: 1700000000,
        };
        fake.refunds.push(refund);
        return refund;
      };
      const trouble = fake.refundTrouble;
      if (trouble) {
        if (fake.refundDespiteTrouble) make();
        if (trouble === 'hang') {
          hanging.add(() => res.destroy());
          return;
        }
        return send(trouble.status, { error: { code: trouble.code ?? 'BAD_REQUEST_ERROR', description: trouble.description, source: 'NA', step: 'NA', reason: 'NA' } });
      }
      return send(200, make());
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname))) {
      const items = fake.refunds.filter((r) => r.payment_id === m![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname))) {
      const items = fake.payments.filter((p) => p.order_id === m![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

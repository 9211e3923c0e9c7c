import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the peer received: method, path, query and the form-encoded body as flat keys (`line_items[0][price]`). */
export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface PeerSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

interface PeerCharge {
  id: string;
  customer: string;
  amount: number;
  amount_refunded: number;
  created: number;
  /** The subscription whose invoice this paid, and the PaymentIntent that took it. */
  subscription: string;
  payment_intent: string;
}

/**
 * A local HTTP peer answering the Stripe API calls Baitcheck makes, in Stripe's shapes (form
 * bodies in, JSON out, errors as `{ error: { type, message } }`), keeping customers,
 * subscriptions and charges so a test can complete a checkout and send the events Stripe would.
 */
export async function startStripePeer() {
  const requests: PeerRequest[] = [];
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const sessions = new Map<string, { id: string; status: 'open' | 'complete' | 'expired'; customer: string; price: string; clientReferenceId: string; metadata: Record<string, string>; subscriptionMetadata: Record<string, string> }>();
  const subscriptions = new Map<string, PeerSubscription>();
  const charges: PeerCharge[] = [];
  let seq = 0;
  let failing: number | null = null;
  let failingWhen: ((r: PeerRequest) => boolean) | null = null;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const subscriptionObject = (s: PeerSubscription) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    metadata: s.metadata,
    items: { object: 'list', data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: s.periodEnd, price: { id: s.price, object: 'price' } }] },
  });

  const prefixed = (form: Record<string, string>, prefix: string) =>
    Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));

  function handle(req: PeerRequest): { status: number; body: unknown } {
    const { method, path, form } = req;
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: next('cus'), email: form.email ?? '', metadata: prefixed(form, 'metadata') };
      customers.set(c.id, c);
      return { status: 200, body: { ...c, object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs_test');
      sessions.set(id, {
        id,
        status: 'open',
        customer: form.customer ?? '',
        price: form['line_items[0][price]'] ?? '',
        clientReferenceId: form.client_reference_id ?? '',
        metadata: prefixed(form, 'metadata'),
        subscriptionMetadata: prefixed(form, 'subscription_data[metadata]'),
      });
      return { status: 200, body: { id, object: 'checkout.session', mode: form.mode, url: `https://checkout.stripe.test/c/pay/${id}` } };
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const customer = req.query.get('customer');
      const status = req.query.get('status');
      const data = [...sessions.values()].filter((x) => (!customer || x.customer === customer) && (!status || x.status === status)).map((x) => ({ id: x.id, object: 'checkout.session', status: x.status, customer: x.customer }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' } };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/))) {
      const session = sessions.get(m[1]!);
      if (!session) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } } };
      if (session.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } } };
      session.status = 'expired';
      return { status: 200, body: { id: session.id, object: 'checkout.session', status: 'expired' } };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      // one paid invoice per charge of the subscription, its payments expanded (`expand[]=data.payments`)
      const subscription = req.query.get('subscription');
      const data = charges
        .filter((c) => c.subscription === subscription)
        .map((c) => ({ id: `in_${c.id}`, object: 'invoice', status: 'paid', subscription: c.subscription, payments: { object: 'list', data: [{ id: `inpay_${c.id}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: c.payment_intent } }] } }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return { status: 200, body: { id: next('bps'), object: 'billing_portal.session', customer: form.customer, url: `https://billing.stripe.test/p/session/${seq}` } };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${m[1]}'` } } };
      if (method === 'POST') {
        if (form.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
      } else if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.cancelAtPeriodEnd = false;
      }
      return { status: 200, body: subscriptionObject(sub) };
    }
    if (method === 'GET' && path === '/v1/charges') {
      const customer = req.query.get('customer');
      const since = Number(req.query.get('created[gte]') ?? 0);
      const data = charges.filter((c) => c.customer === customer && c.created >= since).map((c) => ({ ...c, object: 'charge', status: 'succeeded', paid: true, refunded: c.amount_refunded >= c.amount }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/charges' } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const charge = charges.find((c) => (form.charge !== undefined && c.id === form.charge) || (form.payment_intent !== undefined && c.payment_intent === form.payment_intent));
      if (!charge) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such charge' } } };
      const amount = charge.amount - charge.amount_refunded;
      charge.amount_refunded = charge.amount;
      return { status: 200, body: { id: next('re'), object: 'refund', charge: charge.id, amount, status: 'succeeded' } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => resolve(body));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const request: PeerRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: Object.fromEntries(new URLSearchParams(body)),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
    };
    requests.push(request);
    const fails = failing !== null || (failingWhen?.(request) ?? false);
    const answer = fails ? { status: failing ?? 500, body: { error: { type: 'api_error', message: 'The peer was told to fail.' } } } : handle(request);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    requests,
    /** Makes the requests `when` picks answer 500 (one call failing among others), or none with null. */
    failRequestsWhen(when: ((r: PeerRequest) => boolean) | null) {
      failingWhen = when;
    },
    /** The status of a checkout session: open until paid or expired. */
    sessionStatus: (id: string) => sessions.get(id)?.status,
    /** Makes every answer this HTTP status (a Stripe outage), or normal again with null. */
    failWith(status: number | null) {
      failing = status;
    },
    /**
     * What Stripe does when the person pays on the checkout page: the subscription and its first
     * charge; answers the `checkout.session.completed` event's `data.object`.
     */
    completeCheckout(sessionId: string, amount: number): Record<string, unknown> {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no checkout session ${sessionId}`);
      if (s.status !== 'open') throw new Error(`checkout session ${sessionId} is ${s.status}: Stripe would not take the payment`);
      s.status = 'complete';
      const sub: PeerSubscription = { id: next('sub'), customer: s.customer, status: 'active', price: s.price, periodEnd: now() + 30 * 86_400, cancelAtPeriodEnd: false, metadata: s.subscriptionMetadata };
      subscriptions.set(sub.id, sub);
      charges.push({ id: next('ch'), customer: s.customer, amount, amount_refunded: 0, created: now(), subscription: sub.id, payment_intent: next('pi') });
      return { id: s.id, object: 'checkout.session', mode: 'subscription', customer: s.customer, subscription: sub.id, client_reference_id: s.clientReferenceId, metadata: s.metadata, payment_status: 'paid' };
    },
    /** Changes a subscription as Stripe would on its side; answers its object (an event's `data.object`). */
    updateSubscription(id: string, change: Partial<Pick<PeerSubscription, 'status' | 'price' | 'cancelAtPeriodEnd' | 'periodEnd'>>): Record<string, unknown> {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(sub, change);
      return subscriptionObject(sub);
    },
    subscriptionObject(id: string): Record<string, unknown> {
      return subscriptionObject(subscriptions.get(id)!);
    },
    customers,
    charges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A running Stripe peer. */
export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;

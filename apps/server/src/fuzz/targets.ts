import { API_ROUTES, ENDPOINTS, PLUGIN_CONFIGURATION_SCHEMAS, EmailCredentialsSchema, type EndpointName } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The subset of JSON Schema the generators read (what `z.toJSONSchema` writes for the contract). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/**
 * What a route is, for the generators: an endpoint of the contract, one of the sources' webhooks
 * (signed, in their own formats), the notification stream (never ends), the share target, the
 * static files, the SPA's index, or a path no route matches.
 */
export type TargetKind = 'api' | 'stripe-webhook' | 'slack-events' | 'twilio-webhook' | 'stream' | 'share' | 'static' | 'index' | 'unmatched';

/** One route to fuzz. */
export interface FuzzTarget {
  /** The contract's endpoint name, or a name of ours for the routes outside it. */
  name: string;
  method: string;
  /** Fastify's pattern (`/api/messages/:id`), or a label for `unmatched`. */
  path: string;
  kind: TargetKind;
  /** The path parameters' names, in order. */
  params: string[];
  body?: JsonSchema;
  query?: JsonSchema;
  paramSchemas?: Record<string, JsonSchema>;
}

/** One route Fastify registered: its method and pattern. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree (`printRoutes`: Fastify
 * has no other public list of its routes), HEAD routes Fastify adds for each GET left out.
 * Each line of the tree is a segment to append to its parent's path.
 */
export function listRegisteredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const text = line.slice(at + 3);
    const open = text.lastIndexOf(' (');
    const segment = open >= 0 ? text.slice(0, open) : text;
    const path = (depth === 0 ? '' : stack[depth - 1]!) + segment;
    stack[depth] = path;
    stack.length = depth + 1;
    if (open < 0) continue;
    const methods = text.slice(open + 2, text.lastIndexOf(')')).split(',').map((m) => m.trim());
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      // the wildcard of the static files prints as `*` when it is a root of its own
      routes.push({ method, path: path.startsWith('/') ? path : `/${path}` });
    }
  }
  return routes;
}

function toJsonSchema(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The path parameters of a Fastify pattern, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
}

const ENDPOINT_BY_ROUTE = new Map<string, EndpointName>(Object.entries(API_ROUTES).map(([name, r]) => [`${r.method} ${r.path}`, name as EndpointName]));

/**
 * The plugins' configure and sign-in bodies are checked by each plugin's own schema after the
 * route's (a JSON object): their fields, all together, so the generators reach those schemas.
 */
function pluginBodySchema(name: EndpointName): JsonSchema | undefined {
  if (name === 'configurePlugin') {
    return { anyOf: Object.values(PLUGIN_CONFIGURATION_SCHEMAS).map((s) => toJsonSchema(s)!) };
  }
  if (name === 'authPlugin') return toJsonSchema(EmailCredentialsSchema);
  return undefined;
}

/** The webhooks' bodies as their senders shape them: the fields the handlers read. */
const STRIPE_EVENT: JsonSchema = {
  type: 'object',
  required: ['id', 'object', 'type', 'created', 'data'],
  properties: {
    id: { type: 'string', pattern: '^evt_[A-Za-z0-9]{8,24}$' },
    object: { enum: ['event'] },
    type: {
      enum: [
        'checkout.session.completed',
        'checkout.session.expired',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.paid',
        'invoice.payment_failed',
        'charge.refunded',
        'customer.deleted',
      ],
    },
    // Stripe's time: from 2010 to now (a later one is refused as from the future)
    created: { type: 'integer', minimum: 1_262_304_000, maximum: Math.floor(Date.now() / 1000) },
    livemode: { type: 'boolean' },
    api_version: { type: 'string', maxLength: 20 },
    data: {
      type: 'object',
      required: ['object'],
      properties: {
        object: {
          type: 'object',
          properties: {
            id: { type: 'string', pattern: '^(sub|cs|in|ch|cus)_[A-Za-z0-9]{6,20}$' },
            object: { enum: ['subscription', 'checkout.session', 'invoice', 'charge', 'customer'] },
            customer: { type: 'string', pattern: '^cus_[A-Za-z0-9]{6,20}$' },
            subscription: { type: 'string', pattern: '^sub_[A-Za-z0-9]{6,20}$' },
            client_reference_id: { type: 'string', format: 'uuid' },
            status: { enum: ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'complete', 'open', 'expired', 'paid'] },
            mode: { enum: ['subscription', 'payment'] },
            payment_status: { enum: ['paid', 'unpaid'] },
            cancel_at_period_end: { type: 'boolean' },
            cancel_at: { type: ['integer', 'null'] },
            current_period_end: { type: 'integer' },
            amount: { type: 'integer' },
            amount_refunded: { type: 'integer' },
            metadata: { type: 'object', properties: { plan: { enum: ['premium', 'family', 'basic'] }, userId: { type: 'string', format: 'uuid' } } },
            items: {
              type: 'object',
              properties: {
                data: {
                  type: 'array',
                  maxItems: 2,
                  items: { type: 'object', properties: { id: { type: 'string' }, current_period_end: { type: 'integer' }, price: { type: 'object', properties: { id: { enum: ['price_premium_fuzz', 'price_family_fuzz', 'price_other'] } } } } },
                },
              },
            },
          },
        },
      },
    },
  },
};

const SLACK_EVENT: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['event_callback', 'url_verification', 'app_rate_limited'] },
    token: { type: 'string', maxLength: 40 },
    challenge: { type: 'string', maxLength: 100 },
    team_id: { anyOf: [{ enum: ['T0CORP'] }, { type: 'string', pattern: '^T[A-Z0-9]{8,10}$' }] },
    api_app_id: { type: 'string', maxLength: 20 },
    event_id: { type: 'string', pattern: '^Ev[A-Z0-9]{8,12}$' },
    event_time: { type: 'integer' },
    event: {
      type: 'object',
      properties: {
        type: { enum: ['message', 'app_mention', 'member_joined_channel'] },
        subtype: { enum: ['message_changed', 'bot_message', 'channel_join'] },
        text: { type: 'string', maxLength: 4000 },
        user: { anyOf: [{ enum: ['U0SENDER'] }, { type: 'string', pattern: '^U[A-Z0-9]{8,10}$' }] },
        bot_id: { type: 'string', maxLength: 12 },
        channel: { anyOf: [{ enum: ['C0GENERAL'] }, { type: 'string', pattern: '^C[A-Z0-9]{8,10}$' }] },
        channel_type: { enum: ['channel', 'im', 'group', 'mpim'] },
        ts: { type: 'string', pattern: '^[0-9]{10}\\.[0-9]{6}$' },
        thread_ts: { type: 'string', pattern: '^[0-9]{10}\\.[0-9]{6}$' },
        files: { type: 'array', maxItems: 2, items: { type: 'object', properties: { url_private: { type: 'string', format: 'uri' }, name: { type: 'string' } } } },
      },
    },
  },
};

const TWILIO_FORM: JsonSchema = {
  type: 'object',
  properties: {
    MessageSid: { type: 'string', pattern: '^SM[0-9a-f]{32}$' },
    SmsSid: { type: 'string', pattern: '^SM[0-9a-f]{32}$' },
    AccountSid: { type: 'string', pattern: '^AC[0-9a-f]{32}$' },
    From: { enum: ['+15005550006', '+447700900123', '@@phone@@', '+1 (500) 555-0006', '12345'] },
    To: { enum: ['+15005550001', '+15005550002'] },
    Body: { type: 'string', maxLength: 1600 },
    NumMedia: { type: 'string', pattern: '^[0-9]{1,2}$' },
  },
};

/** The routes outside the contract, by `METHOD path`: what they are and how to name them. */
const OUTSIDE_CONTRACT: Record<string, { name: string; kind: TargetKind }> = {
  'POST /share': { name: 'share', kind: 'share' },
  'GET /': { name: 'index', kind: 'index' },
  'GET /*': { name: 'static', kind: 'static' },
};

/**
 * Every route of the built app as a fuzz target, with the contract's schemas where it has them;
 * plus `unmatched`, the paths no route matches (the not-found handler). A route the app has that
 * neither the contract nor {@link OUTSIDE_CONTRACT} names is still fuzzed (as a generic route):
 * nothing the app serves is left out.
 */
export function listFuzzTargets(app: FastifyInstance): FuzzTarget[] {
  const targets: FuzzTarget[] = [];
  for (const route of listRegisteredRoutes(app)) {
    const key = `${route.method} ${route.path}`;
    const params = paramNames(route.path);
    const name = ENDPOINT_BY_ROUTE.get(key);
    if (!name) {
      const outside = OUTSIDE_CONTRACT[key] ?? { name: key, kind: 'api' as const };
      targets.push({ name: outside.name, method: route.method, path: route.path, kind: outside.kind, params });
      continue;
    }
    const endpoint = ENDPOINTS[name] as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
    const paramsSchema = toJsonSchema(endpoint.params);
    const kind: TargetKind =
      name === 'stripeWebhook' ? 'stripe-webhook' : name === 'slackEvents' ? 'slack-events' : name === 'smsInbound' ? 'twilio-webhook' : name === 'notificationStream' ? 'stream' : 'api';
    const body = kind === 'stripe-webhook' ? STRIPE_EVENT : kind === 'slack-events' ? SLACK_EVENT : kind === 'twilio-webhook' ? TWILIO_FORM : (pluginBodySchema(name) ?? toJsonSchema(endpoint.body));
    targets.push({
      name,
      method: route.method,
      path: route.path,
      kind,
      params,
      ...(body ? { body } : {}),
      ...(endpoint.query ? { query: toJsonSchema(endpoint.query)! } : {}),
      ...(paramsSchema?.properties ? { paramSchemas: paramsSchema.properties } : {}),
    });
  }
  targets.push({ name: 'unmatched', method: 'GET', path: '(no route)', kind: 'unmatched', params: [] });
  return targets;
}

/** The contract's endpoints the app did not register (should be none). */
export function missingEndpoints(targets: readonly FuzzTarget[]): string[] {
  const have = new Set(targets.map((t) => t.name));
  return Object.keys(API_ROUTES).filter((name) => !have.has(name));
}

import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeVisitor, type Visitor } from './harness.ts';

/** A password the sign-up accepts. */
export const TEST_PASSWORD = 'correct horse battery';

/** Turns the visitor's guest into an account (a payment needs one); answers its email. */
export async function signUp(visitor: Visitor, email = `p${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  const res = await visitor.post('/api/auth/sign-up', { email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(201);
  return email;
}

/** A new visitor of `app` with an account (connecting a source, paying, joining a family need one). */
export async function signedUpVisitor(app: FastifyInstance): Promise<Visitor> {
  const person = makeVisitor(app);
  await signUp(person);
  return person;
}

/** Moves the visitor (an account) to `plan` through the server's own test checkout, as a person would. */
export async function upgrade(visitor: Visitor, plan: 'premium' | 'family'): Promise<void> {
  const started = await visitor.post('/api/create-checkout-session', { priceId: plan });
  expect(started.statusCode).toBe(200);
  const id = String(started.json().url).split('/').pop()!;
  const done = await visitor.post(`/api/test-checkout/${id}/complete`);
  expect(done.statusCode).toBe(200);
  expect((await visitor.get('/api/subscription')).json().plan).toBe(plan);
}

/** Ends the visitor's paid plan now, with the money-back refund: they are on basic at once. */
export async function cancelNow(visitor: Visitor): Promise<void> {
  const res = await visitor.post('/api/subscription/cancel', { refund: true });
  expect(res.statusCode).toBe(200);
  expect(res.json().subscription.plan).toBe('basic');
}

import type { ThreatLevel } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { messages, sessions } from '../db/schema.ts';
import { hashToken } from '../modules/sessions/sessions.service.ts';
import type { Visitor } from './harness.ts';

/**
 * The user id behind a visitor's cookie, read from the database. A newcomer is given a guest
 * first by storing something (reading makes no row): the default notification sensitivity.
 */
export async function userIdOf(database: Database, visitor: Visitor): Promise<string> {
  if (!visitor.cookie) await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
  const [row] = await database.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(visitor.cookie!)));
  if (!row) throw new Error('visitor has no session row');
  return row.userId;
}

/** Stores a message with a chosen verdict and time, bypassing the engine, for date-bound tests. */
export async function insertMessage(
  database: Database,
  userId: string,
  values: { threatLevel: ThreatLevel; scanDate: Date; content?: string; sender?: string },
): Promise<string> {
  const [row] = await database.db
    .insert(messages)
    .values({
      userId,
      kind: 'text',
      content: values.content ?? `fixture ${values.threatLevel}`,
      sender: values.sender ?? 'fixture',
      source: 'manual',
      threatLevel: values.threatLevel,
      score: values.threatLevel === 'safe' ? 0.05 : 0.9,
      threatDetails: { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] },
      scanDate: values.scanDate,
    })
    .returning({ id: messages.id });
  return row!.id;
}

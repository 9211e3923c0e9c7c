import { MESSAGE_PREVIEW_CHARS, type Highlight, type Message, type MessageSummary, type Reason, type ThreatLevel } from '@baitcheck/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import { visibleMessages } from './history-window.ts';

type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    source: row.source,
    kind: row.kind,
    threatLevel: row.threatLevel,
    scanDate: row.scanDate.toISOString(),
    // Rows written before checks and notes existed lack them; the contract promises arrays.
    threatDetails: { ...row.threatDetails, checks: row.threatDetails.checks ?? [], notes: row.threatDetails.notes ?? [] },
  };
}

/** Where a page of the history starts: after this message (scan time, then id, both descending). */
export interface HistoryCursor {
  scanDate: Date;
  id: string;
}

/** A span cut to the preview; null when it starts past it. Domain-level evidence (0, 0) stays. */
function clipSpan<S extends { start: number; end: number; text: string }>(span: S): S | null {
  if (span.start >= MESSAGE_PREVIEW_CHARS) return null;
  if (span.end <= MESSAGE_PREVIEW_CHARS) return span;
  return { ...span, end: MESSAGE_PREVIEW_CHARS, text: span.text.slice(0, MESSAGE_PREVIEW_CHARS - span.start) };
}

/**
 * What a list needs of a row, cut in SQL so a long message's whole content and details never
 * leave the database for a list: the content's first characters, and the highlights in them.
 */
const summaryColumns = {
  id: messages.id,
  sender: messages.sender,
  source: messages.source,
  kind: messages.kind,
  threatLevel: messages.threatLevel,
  scanDate: messages.scanDate,
  content: sql<string>`left(${messages.content}, ${sql.raw(String(MESSAGE_PREVIEW_CHARS))})`,
  contentTruncated: sql<boolean>`char_length(${messages.content}) > ${sql.raw(String(MESSAGE_PREVIEW_CHARS))}`,
  reasons: sql<string[]>`coalesce(${messages.threatDetails}->'reasons', '[]'::jsonb)`,
  reasonDetails: sql<Reason[] | null>`${messages.threatDetails}->'reasonDetails'`,
  highlights: sql<Highlight[]>`coalesce(jsonb_path_query_array(${messages.threatDetails}->'highlights', ${sql.raw(`'$[*] ? (@.start < ${MESSAGE_PREVIEW_CHARS})'`)}), '[]'::jsonb)`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: K extends 'scanDate' ? Date : (typeof summaryColumns)[K] extends SQL<infer T> ? T : MessageRow[K & keyof MessageRow] };

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    contentTruncated: row.contentTruncated,
    source: row.source,
    kind: row.kind,
    threatLevel: row.threatLevel,
    // the driver may hand back an aggregate-free timestamp as a Date; a string only from raw SQL
    scanDate: new Date(row.scanDate).toISOString(),
    threatDetails: {
      reasons: row.reasons,
      reasonDetails: (row.reasonDetails ?? []).map((r) => ({ ...r, evidence: r.evidence.map(clipSpan).filter((s) => s !== null) })),
      highlights: row.highlights.map(clipSpan).filter((h) => h !== null),
    },
  };
}

/**
 * Rows read per query while filling a page. A row is bounded (its content cut to the preview in
 * SQL), so a page (at most 100) comes in one read; the byte budget ends it early all the same.
 */
const LIST_CHUNK_ROWS = 100;

/** Reading and deleting the history (`messages`); every query is scoped by user id. Scans write it (scan repository). */
export function createMessagesRepository(db: Db) {
  /** The next `limit` summaries of the page, in order (the index on user, time and id serves it), after `after`. */
  const pageRows = (userId: string, options: { since: Date; threatLevel?: ThreatLevel | undefined }, after: HistoryCursor | undefined, limit: number) => {
    const where = and(
      visibleMessages(userId, options.since),
      options.threatLevel ? eq(messages.threatLevel, options.threatLevel) : undefined,
      after ? sql`(${messages.scanDate}, ${messages.id}) < (${after.scanDate.toISOString()}::timestamptz, ${after.id})` : undefined,
    );
    return db.select(summaryColumns).from(messages).where(where).orderBy(desc(messages.scanDate), desc(messages.id)).limit(limit) as unknown as Promise<SummaryRow[]>;
  };

  return {
    /**
     * One page of the history within its window (scanned since `since`), newest first: at most
     * `limit` messages and, past the first, no more than `maxBytes` of JSON. `next` is where the
     * following page starts, or null at the end.
     */
    async list(
      userId: string,
      options: { since: Date; limit: number; maxBytes: number; threatLevel?: ThreatLevel | undefined; before?: HistoryCursor | undefined },
    ): Promise<{ messages: MessageSummary[]; next: HistoryCursor | null }> {
      const page: MessageSummary[] = [];
      let bytes = 2;
      let after = options.before;
      // read in chunks, in order, until the page is full or the byte budget is spent; one row
      // past the page says whether another follows
      for (;;) {
        const want = Math.min(LIST_CHUNK_ROWS, options.limit - page.length);
        const rows = await pageRows(userId, options, after, want + 1);
        for (const row of rows.slice(0, want)) {
          const summary = toSummary(row);
          const size = Buffer.byteLength(JSON.stringify(summary)) + 1;
          if (page.length > 0 && bytes + size > options.maxBytes) return { messages: page, next: cursorOf(page) };
          page.push(summary);
          bytes += size;
        }
        if (rows.length <= want) return { messages: page, next: null };
        if (page.length >= options.limit) return { messages: page, next: cursorOf(page) };
        after = cursorOf(page) ?? undefined;
      }
    },

    /** One message of `userId` within the history window (scanned since `since`). */
    async find(userId: string, id: string, since: Date): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(visibleMessages(userId, since), eq(messages.id, id)))
        .limit(1);
      return row ? toMessage(row) : undefined;
    },

    /** True when a message of this user was deleted. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.userId, userId), eq(messages.id, id)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
  };
}

function cursorOf(page: MessageSummary[]): HistoryCursor | null {
  const last = page.at(-1);
  return last ? { scanDate: new Date(last.scanDate), id: last.id } : null;
}

/** The messages repository. */
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

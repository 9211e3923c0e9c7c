import { API_ROUTES, NEXT_CURSOR_HEADER, type MessageSource } from '@baitcheck/contracts';
import type { HttpClient } from '../durability/http-client.ts';

/** What the soak's people do, each a kind of request reported on its own. */
export type SoakKind = 'scan' | 'history' | 'stats' | 'assistant';

/** The kinds, in the order the report lists them. */
export const SOAK_KINDS: readonly SoakKind[] = ['scan', 'history', 'stats', 'assistant'];

/** The request each kind makes, for the report. */
export const SOAK_KIND_LABELS: Record<SoakKind, string> = {
  scan: `POST ${API_ROUTES.scanText.path}`,
  history: `GET ${API_ROUTES.listMessages.path}`,
  stats: `GET ${API_ROUTES.messageStats.path}`,
  assistant: `POST ${API_ROUTES.assistantChat.path}`,
};

/**
 * One person's ten requests, repeated (each person starting at another place): four scans saved
 * to the history, three history pages (the first, as the History screen opens, or the next one
 * when the previous page named it, as "Load more"), two dashboard stats, one question to the
 * assistant. Fixed rather than drawn at random, so that no stretch of a person's requests can
 * hold more scans than the mix says, whatever the luck: at most 4 in any 10.
 */
export const PERSON_CYCLE: readonly SoakKind[] = ['scan', 'stats', 'history', 'scan', 'history', 'assistant', 'scan', 'stats', 'history', 'scan'];

/** What people paste: texts, emails and links of the kinds the product meets, scams and not. */
const MESSAGES = [
  { content: 'USPS: Your package is on hold due to an incomplete address. Update your delivery details within 24 hours to avoid return: https://usps-redelivery-help.com/track', sender: '+1 (555) 014-2231', source: 'sms' },
  { content: 'Your Chase verification code is 482913. Do not share this code with anyone. Chase will never call you to ask for it.', sender: '24273', source: 'sms' },
  { content: 'Hi mum, I dropped my phone in the toilet, this is my new number. Can you send me £450 for the rent today? I will pay you back Friday x', sender: '+44 7700 900123', source: 'social' },
  { content: 'Dear customer, unusual sign-in activity was detected on your Apple ID. Verify your account at http://appleid-verify-secure.info/login or it will be suspended.', sender: 'no-reply@appleid-support.info', source: 'email' },
  { content: 'Reminder: your dentist appointment is on Tuesday at 10:30. Reply C to confirm or call 020 7946 0000 to rearrange.', sender: 'Smile Dental', source: 'sms' },
  { content: 'Congratulations! You have been selected for a remote data-entry job paying $800 a week. Message our HR manager on Telegram @hr_jobs_now to start today.', sender: 'recruiter.hr@gmail.com', source: 'email' },
] satisfies { content: string; sender: string; source: MessageSource }[];

const QUESTIONS = [
  'Someone texted me that my parcel is on hold and asked me to pay a redelivery fee. Is that a scam?',
  'My bank called and asked me to read back the code they just sent me. Should I?',
  'I clicked a link in a phishing email and typed my password. What do I do now?',
  'How can I tell whether an email really comes from PayPal?',
];

const TIME_ZONES = ['Europe/London', 'America/New_York', 'Europe/Paris', 'Australia/Sydney'];

/** One simulated person: their own address (sent as X-Forwarded-For) and session cookie. */
export interface SoakPerson {
  index: number;
  address: string;
  cookie: string;
  /** Where in {@link PERSON_CYCLE} their next request is. */
  step: number;
  /** Their history's next page, when the last page named one. */
  nextPage: string | null;
  scans: number;
}

/** The address of person `index` (10.0.0.0/8: up to 16 million people, each their own client to the limits). */
export const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** A saved text scan's body: one of {@link MESSAGES}, told apart from the person's others. */
export function scanBody(person: { index: number; scans: number }) {
  const message = MESSAGES[(person.index + person.scans) % MESSAGES.length]!;
  return { ...message, content: `${message.content} (${person.index}.${person.scans})`, saveToHistory: true };
}

/** Sends `person`'s request of `kind` and resolves with its status. */
export async function sendAs(client: HttpClient, person: SoakPerson, kind: SoakKind): Promise<number> {
  const headers = { cookie: person.cookie, 'x-forwarded-for': person.address };
  switch (kind) {
    case 'scan': {
      const answer = await client.send('POST', API_ROUTES.scanText.path, { headers, json: scanBody(person) });
      person.scans++;
      return answer.status;
    }
    case 'history': {
      // the History screen's page of 50 (apps/web useHistoryPages)
      const query = new URLSearchParams({ limit: '50', ...(person.nextPage ? { before: person.nextPage } : {}) });
      const answer = await client.send('GET', `${API_ROUTES.listMessages.path}?${query}`, { headers });
      const next = answer.headers[NEXT_CURSOR_HEADER];
      // the screen opened, then "Load more" once when there is more, then the screen opened afresh
      person.nextPage = typeof next === 'string' && next && !person.nextPage ? next : null;
      return answer.status;
    }
    case 'stats': {
      const tz = TIME_ZONES[person.index % TIME_ZONES.length]!;
      return (await client.send('GET', `${API_ROUTES.messageStats.path}?tz=${encodeURIComponent(tz)}`, { headers })).status;
    }
    case 'assistant': {
      const query = QUESTIONS[(person.index + person.step) % QUESTIONS.length]!;
      return (await client.send('POST', API_ROUTES.assistantChat.path, { headers, json: { query } })).status;
    }
  }
}

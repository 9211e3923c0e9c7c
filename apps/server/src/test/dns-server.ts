import { createSocket } from 'node:dgram';
import dns2 from 'dns2';

const { Packet } = dns2;

/** The records one name answers with. TXT: each record's strings (a long record split in 255-byte chunks). */
export interface ZoneRecords {
  TXT?: (string | string[])[];
  MX?: { exchange: string; priority: number }[];
  A?: string[];
}

/** A real DNS server on 127.0.0.1 (UDP and TCP on one port) answering from a zone the test gives. */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, what `DNS_SERVERS` and `Resolver.setServers` take. */
  readonly address: string;
  readonly port: number;
  /** Names (lower case) and types asked, in order: `txt _dmarc.example.com`. */
  readonly queries: string[];
  /** Names whose questions are never answered (a hanging server). */
  readonly hang: Set<string>;
  /** Names answered SERVFAIL. */
  readonly fail: Set<string>;
  close(): Promise<void>;
}

const TYPE_NAMES = new Map(Object.entries(Packet.TYPE).map(([name, code]) => [code, name]));

function splitTxt(value: string | string[]): string[] {
  if (Array.isArray(value)) return value;
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 255) parts.push(value.slice(i, i + 255));
  return parts.length > 0 ? parts : [''];
}

async function freePort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/**
 * Starts a DNS server (the dns2 package) on 127.0.0.1 answering `zone`: a name it does not hold
 * gets NXDOMAIN, a type it lacks an empty answer (NODATA), as a real authoritative server does.
 */
export async function startDnsServer(zone: Record<string, ZoneRecords>): Promise<TestDnsServer> {
  const records = new Map(Object.entries(zone).map(([name, r]) => [name.toLowerCase().replace(/\.$/, ''), r]));
  const queries: string[] = [];
  const hang = new Set<string>();
  const fail = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const type = TYPE_NAMES.get(question.type) ?? String(question.type);
      queries.push(`${type.toLowerCase()} ${name}`);
      if (hang.has(name)) return;
      if (fail.has(name)) {
        response.header.rcode = 2;
        return send(response);
      }
      const found = records.get(name);
      if (!found) {
        response.header.rcode = 3;
        return send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 300 };
      if (type === 'TXT') for (const txt of found.TXT ?? []) response.answers.push({ ...base, type: Packet.TYPE.TXT, data: splitTxt(txt) });
      if (type === 'MX') for (const mx of found.MX ?? []) response.answers.push({ ...base, type: Packet.TYPE.MX, exchange: mx.exchange, priority: mx.priority });
      if (type === 'A') for (const address of found.A ?? []) response.answers.push({ ...base, type: Packet.TYPE.A, address });
      send(response);
    },
  });
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      await server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } });
      return { address: `127.0.0.1:${port}`, port, queries, hang, fail, close: () => server.close() };
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

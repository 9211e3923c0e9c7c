import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real RDAP service on 127.0.0.1 with its own bootstrap file (RFC 9224), for tests and the bench. */
export interface TestRdapServer {
  /** The bootstrap file's address, what `RDAP_BOOTSTRAP_URL` takes. */
  readonly bootstrapUrl: string;
  /** Paths asked, in order. */
  readonly requests: string[];
  /** Domains whose queries are never answered. */
  readonly hang: Set<string>;
  close(): Promise<void>;
}

/**
 * Starts an RDAP server answering `domains` (name → registration date, or null for a domain the
 * registry does not know: 404) for every top-level domain among them, in RFC 9083's shape.
 */
export async function startRdapServer(domains: Record<string, string | null>): Promise<TestRdapServer> {
  const requests: string[] = [];
  const hang = new Set<string>();
  const tlds = [...new Set(Object.keys(domains).map((d) => d.slice(d.lastIndexOf('.') + 1)))];
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(body));
    if (path === '/bootstrap.json') {
      return json(200, { version: '1.0', publication: '2026-11-01T00:00:00Z', services: [[tlds, [`${base}/rdap/`]]] });
    }
    const m = /^\/rdap\/domain\/([^/?#]+)$/.exec(path);
    const name = m ? decodeURIComponent(m[1] as string).toLowerCase() : '';
    if (hang.has(name)) return;
    const created = domains[name];
    if (!m || created === undefined || created === null) return json(404, { errorCode: 404, title: 'Not Found', description: [`${name} is not registered here`] });
    return json(200, {
      objectClassName: 'domain',
      ldhName: name.toUpperCase(),
      status: ['active'],
      events: [
        { eventAction: 'registration', eventDate: created },
        { eventAction: 'expiration', eventDate: '2030-01-01T00:00:00Z' },
      ],
      rdapConformance: ['rdap_level_0'],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bootstrapUrl: `${base}/bootstrap.json`,
    requests,
    hang,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

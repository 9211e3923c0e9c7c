// dns2 ships no types; this declares the part the tests' DNS server uses.
declare module 'dns2' {
  import type { EventEmitter } from 'node:events';

  interface DnsQuestion {
    name: string;
    type: number;
    class: number;
  }
  interface DnsPacket {
    header: { id: number; rcode: number; [key: string]: unknown };
    questions: DnsQuestion[];
    answers: Record<string, unknown>[];
  }
  interface DnsServer extends EventEmitter {
    listen(ports: { udp?: number | { port: number; address: string }; tcp?: number | { port: number; address: string } }): Promise<void>;
    addresses(): { udp?: { port: number; address: string }; tcp?: { port: number; address: string } };
    close(): Promise<void>;
  }
  const dns2: {
    Packet: {
      TYPE: Record<string, number>;
      CLASS: Record<string, number>;
      createResponseFromRequest(request: DnsPacket): DnsPacket;
    };
    createServer(options: {
      udp?: boolean;
      tcp?: boolean;
      handle: (request: DnsPacket, send: (response: DnsPacket) => void, rinfo: unknown) => void;
    }): DnsServer;
  };
  export default dns2;
}

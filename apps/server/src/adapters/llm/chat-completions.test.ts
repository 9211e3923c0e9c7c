import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatModelError, createChatCompletionsModel, MAX_ANSWER_BYTES } from './chat-completions.ts';

// A local chat-completions peer whose answer size each test picks.
let server: Server;
let url = '';
let answerBytes = 100;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const content = 'a'.repeat(answerBytes);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createChatCompletionsModel', () => {
  const model = () => createChatCompletionsModel({ url, model: 'm', timeoutMs: 5000 });

  it('reads an answer of ordinary size', async () => {
    answerBytes = 2000;
    expect(await model().complete([{ role: 'user', content: 'hi' }])).toHaveLength(2000);
  });

  it('gives up on an answer larger than it will read, without parsing it', async () => {
    answerBytes = MAX_ANSWER_BYTES * 4;
    const err = await model()
      .complete([{ role: 'user', content: 'hi' }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatModelError);
    expect((err as Error).message).toMatch(/larger than 256 KB/);
  });
});

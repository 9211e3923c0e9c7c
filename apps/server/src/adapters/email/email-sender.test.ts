import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createEmailSender, DEFAULT_MAIL_FROM } from './email-sender.ts';

const AUTH = { user: 'baitcheck', pass: 'p@ss word' };

describe('the email adapter, through a real SMTP server on loopback', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: AUTH });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('is not configured without SMTP_URL, and then sends nothing', async () => {
    const sender = createEmailSender({});
    expect(sender.configured).toBe(false);
    expect(await sender.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' })).toEqual({ accepted: false, reason: 'not-configured' });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends a plain-text message from MAIL_FROM, signing in with the URL credentials', async () => {
    const sender = createEmailSender({ smtpUrl: smtp.url(AUTH), from: 'Baitcheck Family <family@baitcheck.example>' });
    try {
      expect(sender.configured).toBe(true);
      expect(await sender.send({ to: 'Ann@Example.com', subject: 'Your invitation', text: 'Open this link:\nhttp://127.0.0.1/family/join#abc' })).toEqual({ accepted: true });
      const [mail] = await smtp.waitFor(1);
      expect(mail).toMatchObject({ from: 'family@baitcheck.example', to: ['Ann@example.com'], user: 'baitcheck', subject: 'Your invitation', fromHeader: { name: 'Baitcheck Family', address: 'family@baitcheck.example' } });
      expect(mail!.text.trim()).toBe('Open this link:\nhttp://127.0.0.1/family/join#abc');
    } finally {
      sender.close();
    }
  });

  it('sends to an address object and sets Reply-To; a name with line breaks stays a name (no added header or recipient)', async () => {
    const before = smtp.received.length;
    const sender = createEmailSender({ smtpUrl: smtp.url(AUTH) });
    try {
      const sent = await sender.send({
        to: { name: 'Support\r\nBcc: victim@example.com', address: 'support@baitcheck.example' },
        replyTo: { name: 'Ann "A" Lee\nX-Injected: yes', address: 'ann+help@example.com' },
        subject: 'TECHNICAL: Help\r\nBcc: other@example.com',
        text: 'Hi',
      });
      expect(sent).toEqual({ accepted: true });
      const mail = (await smtp.waitFor(before + 1)).at(-1)!;
      // one envelope recipient, and nothing the names or subject carried became a header
      expect(mail.to).toEqual(['support@baitcheck.example']);
      expect(mail.toHeader.map((a) => a.address)).toEqual(['support@baitcheck.example']);
      expect(mail.replyTo.map((a) => a.address)).toEqual(['ann+help@example.com']);
      expect(mail.replyTo[0]!.name).toContain('Ann "A" Lee');
      expect(mail.headerNames).not.toContain('bcc');
      expect(mail.headerNames).not.toContain('x-injected');
      expect(mail.subject).not.toMatch(/[\r\n]/);
    } finally {
      sender.close();
    }
  });

  it('uses the default sender when MAIL_FROM is not set', async () => {
    const before = smtp.received.length;
    const sender = createEmailSender({ smtpUrl: smtp.url(AUTH) });
    try {
      expect((await sender.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi' })).accepted).toBe(true);
      const mails = await smtp.waitFor(before + 1);
      expect(DEFAULT_MAIL_FROM).toBe('Baitcheck <no-reply@localhost>');
      expect(mails.at(-1)!.fromHeader).toEqual({ name: 'Baitcheck', address: 'no-reply@localhost' });
    } finally {
      sender.close();
    }
  });

  it('answers refused, not an exception, when the server refuses the recipient or the credentials', async () => {
    smtp.refuse.add('nobody@example.com');
    const before = smtp.received.length;
    const sender = createEmailSender({ smtpUrl: smtp.url(AUTH) });
    const wrong = createEmailSender({ smtpUrl: smtp.url({ user: 'baitcheck', pass: 'wrong' }) });
    try {
      const refused = await sender.send({ to: 'nobody@example.com', subject: 'Hi', text: 'Hi' });
      expect(refused).toMatchObject({ accepted: false, reason: 'refused' });
      const badLogin = await wrong.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi' });
      expect(badLogin.accepted).toBe(false);
      expect(smtp.received).toHaveLength(before);
    } finally {
      sender.close();
      wrong.close();
    }
  });

  it('answers failed when nothing listens, and when the server never greets (bounded wait)', async () => {
    // a port that was free a moment ago: nothing listens there
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const down = createEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}` });
    expect(await down.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi' })).toMatchObject({ accepted: false, reason: 'failed' });
    down.close();

    // a server that accepts the connection and says nothing
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const hanging = createEmailSender({ smtpUrl: `smtp://127.0.0.1:${silentPort}?greetingTimeout=300` });
    try {
      const started = Date.now();
      expect(await hanging.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi' })).toMatchObject({ accepted: false, reason: 'failed' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      hanging.close();
      silent.close();
    }
  });

  it('gives up on a mail server that stops answering mid-message, within its time limit (not nodemailer\'s 10 minutes)', async () => {
    // greets, takes the sender and recipient, then never answers after DATA
    const { SMTPServer } = await import('smtp-server');
    const stalling = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (stream) => stream.resume() });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const port = (stalling.server.address() as AddressInfo).port;
    const sender = createEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, timeouts: { socketTimeout: 400 } });
    try {
      const started = Date.now();
      expect(await sender.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi' })).toMatchObject({ accepted: false, reason: 'failed' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      sender.close();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });
});

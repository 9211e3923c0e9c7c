import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it("keeps a failed query's text and cause but none of its parameters or the row's values", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', detail: 'Key (email)=(jane@example.com) already exists.' });
    const failed = Object.assign(new Error('Failed query: insert into "messages" ("content") values ($1)\nparams: Your PIN is 4921,jane@example.com', { cause }), { params: ['Your PIN is 4921'] });
    const logged = loggableError(failed);
    const text = JSON.stringify(logged);
    expect(logged.message).toBe('Failed query: insert into "messages" ("content") values ($1)');
    expect(logged.cause).toMatchObject({ code: '22021', message: expect.stringContaining('0x00') });
    expect(text).not.toMatch(/4921|jane@example\.com/);
  });

  it('reads anything thrown', () => {
    expect(loggableError('boom')).toEqual({ type: 'string', message: 'boom' });
  });
});

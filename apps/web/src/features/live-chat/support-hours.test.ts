import { describe, expect, it } from 'vitest';
import { supportStatusAt } from './support-hours';

const at = (iso: string) => supportStatusAt(new Date(iso));

describe('supportStatusAt (New York time)', () => {
  it('is open on a weekday from 9:00 to 17:00', () => {
    expect(at('2025-01-14T14:00:00Z')).toEqual({ open: true, localTime: 'Tuesday 9:00', next: 'Closes at 17:00' });
    expect(at('2025-01-14T21:59:00Z')).toEqual({ open: true, localTime: 'Tuesday 16:59', next: 'Closes at 17:00' });
  });

  it('is closed before 9:00 and from 17:00 on a weekday', () => {
    expect(at('2025-01-14T13:59:00Z')).toEqual({ open: false, localTime: 'Tuesday 8:59', next: 'Opens today at 9:00' });
    expect(at('2025-01-14T22:00:00Z')).toEqual({ open: false, localTime: 'Tuesday 17:00', next: 'Opens tomorrow at 9:00' });
  });

  it('keeps Saturday 10:00 to 14:00, and opens Saturday after a Friday evening', () => {
    expect(at('2025-01-17T22:30:00Z')).toEqual({ open: false, localTime: 'Friday 17:30', next: 'Opens tomorrow at 10:00' });
    expect(at('2025-01-18T14:59:00Z')).toMatchObject({ open: false, next: 'Opens today at 10:00' });
    expect(at('2025-01-18T15:00:00Z')).toEqual({ open: true, localTime: 'Saturday 10:00', next: 'Closes at 14:00' });
    expect(at('2025-01-18T19:00:00Z')).toEqual({ open: false, localTime: 'Saturday 14:00', next: 'Opens Monday at 9:00' });
  });

  it('is closed all Sunday', () => {
    expect(at('2025-01-19T17:00:00Z')).toEqual({ open: false, localTime: 'Sunday 12:00', next: 'Opens tomorrow at 9:00' });
  });

  it("reads the day in New York, not in UTC: Saturday 01:00 UTC is Friday evening there", () => {
    expect(at('2025-01-18T01:00:00Z')).toEqual({ open: false, localTime: 'Friday 20:00', next: 'Opens tomorrow at 10:00' });
  });

  it('follows daylight saving time: 13:30 UTC in July is 9:30 in New York, open', () => {
    expect(at('2025-07-15T13:30:00Z')).toEqual({ open: true, localTime: 'Tuesday 9:30', next: 'Closes at 17:00' });
  });

  it('writes times as the spec does, 9:00 not 09:00, midnight as 0:00', () => {
    expect(at('2025-01-15T05:00:00Z')).toEqual({ open: false, localTime: 'Wednesday 0:00', next: 'Opens today at 9:00' });
  });
});

import { linkRuleTable } from '../../test-support/rule-table';
import { newDomain } from './new-domain';

const now = '2026-11-23T12:00:00.000Z';

linkRuleTable(newDomain, {
  options: {
    now,
    intel: {
      domainCreated: {
        'fresh-parcel-fee.com': '2026-11-20T08:00:00Z',
        'today-only.shop': '2026-11-23T09:00:00Z',
        'old-bakery.com': '2011-04-02T00:00:00Z',
        'month-old.net': '2026-10-24T11:00:00Z',
        'future.org': '2027-05-01T00:00:00Z',
        'garbled.info': 'last tuesday',
      },
    },
  },
  fires: [
    ['https://fresh-parcel-fee.com/pay', ['fresh-parcel-fee.com', 'registered 3 days ago']],
    ['https://www.today-only.shop/', ['today-only.shop', 'registered today']],
  ],
  quiet: ['https://old-bakery.com/', 'https://month-old.net/', 'https://future.org/', 'https://garbled.info/', 'https://unknown.com/', 'http://203.0.113.9/x'],
});

// without the time of the scan, or without registry facts, nothing can be said
linkRuleTable(newDomain, { options: { intel: { domainCreated: { 'fresh-parcel-fee.com': '2026-11-20T08:00:00Z' } } }, fires: [], quiet: ['https://fresh-parcel-fee.com/pay'] });
linkRuleTable(newDomain, { options: { now }, fires: [], quiet: ['https://fresh-parcel-fee.com/pay'] });

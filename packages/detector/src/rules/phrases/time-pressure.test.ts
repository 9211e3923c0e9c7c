import { messageRuleTable } from '../../test-support/rule-table';
import { timePressure } from './time-pressure';

messageRuleTable(timePressure, {
  fires: [
    ['Pay within 24 hours', ['24 hours']],
    ['Code valid for 10 minutes', ['10 minutes']],
    ['Respond in 48h', ['48h']],
    ['Only 2 days left', ['2 days']],
    ['Your offer expires tonight', ['expires']],
    ['Limited time offer', ['Limited time']],
    ['Account expiring, 30-day notice', ['expiring', '30-day']],
  ],
  quiet: [
    'Meeting at 3 pm',
    'Hourly updates',
    'Version 1.5 is out',
    'Open 24/7',
    'Room 101',
    'The coupon expired last week',
    'A limited edition',
  ],
});

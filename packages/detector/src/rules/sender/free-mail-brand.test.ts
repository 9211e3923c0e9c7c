import { senderRuleTable } from '../../test-support/sender-table';
import { freeMailBrand } from './free-mail-brand';

senderRuleTable(freeMailBrand, {
  fires: [
    ['Norton Billing <norton.billing.team@gmail.com>', ['Norton', 'gmail.com']],
    ['Geek Squad <orders.geeksquad.service@outlook.com>', ['Geek Squad', 'outlook.com']],
    ['Facebook <fb.support.team@outlook.com>', ['Facebook', 'outlook.com']],
    ['mcafee.renewals.dept@hotmail.com', ['McAfee', 'hotmail.com']],
    ['Michael Torres <michael.torres.ceo@gmail.com>', ['ceo', 'gmail.com']],
    ['UN Compensation <claims.office.un@yahoo.com>', ['compensation', 'yahoo.com']],
    ['sunpass-billing@icloud.com', ['SunPass', 'icloud.com']],
  ],
  quiet: [
    'Jess <jess.photos.2026@gmail.com>',
    'Chase Miller <chase.miller@gmail.com>',
    'Bright Paws Vet <brightpawsvet@gmail.com>',
    'Norton <norton@gen.news>',
    'PayPal <service@paypal.com>',
    'Apple <noreply@email.apple.com>',
    '+44 7700 900123',
    'gmail.com',
  ],
});

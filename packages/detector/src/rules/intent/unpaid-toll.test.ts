import { messageRuleTable } from '../../test-support/rule-table';
import { unpaidToll } from './unpaid-toll';

messageRuleTable(unpaidToll, {
  fires: [
    ['E-ZPass: You have an unpaid toll of $6.85. To avoid a late fee of $50.00 please settle your balance by 11/24', ['E-ZPass', 'unpaid', 'avoid']],
    '(EZDriveMA) Hi, you have an outstanding toll of $7.50. Please pay within 12 hours to avoid a $35 late fee.',
    'FasTrak: Final reminder - your vehicle incurred toll charges that remain unpaid. Amount due $3.95. Settle here.',
    'Illinois Tollway: Unpaid toll violation found on your plate. Pay the $9.20 balance within 24 hrs or a $85 fine applies.',
    'Toll Services: Our records show your vehicle has an outstanding toll balance. Pay today to avoid DMV hold.',
    'The Toll Roads notice: we have not received payment for your recent trips. Pay now to avoid penalties.',
    'SunPass: You owe $4.15 in unpaid tolls. Reply Y and reopen this message to pay.',
  ],
  quiet: [
    'E-ZPass NY: Your account balance is low ($8.40). Your credit card on file will be charged $25.00 to replenish it.',
    'SunPass: A replenishment of $10.00 was charged to your card on file. Current balance: $14.35.',
    'FasTrak: Thank you. Your payment of $22.75 was received.',
    'The Toll Roads: Your invoice for 11/10 travel ($6.22) has been paid with your saved card.',
    'Call our toll-free number if you have unpaid questions about your order.',
    'The new bridge toll starts in January, roughly $3 each way.',
    'Your E-ZPass monthly statement is now available. Tolls: $42.50.',
  ],
});

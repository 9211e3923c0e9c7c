import { messageRuleTable } from '../../test-support/rule-table';
import { giftCardPayment } from './gift-card-payment';

messageRuleTable(giftCardPayment, {
  fires: [
    ['Hi, your boss asked me to reach out. She needs 5 Apple gift cards of $200 for a client gift today. Scratch the backs and send me photos of the codes.', ['Apple gift cards', 'send me photos']],
    'This is the manager. I\'m in a meeting and can\'t talk. Can you get me some Google Play gift cards? I\'ll reimburse you today.',
    'IRS: your back taxes must be settled today. You can pay with Target or Walmart gift cards at any store.',
    'Hey it\'s Coach Mike, we\'re doing a team fundraiser. Can you grab two $100 Visa gift cards and text me the numbers? Thanks!',
    'PG&E: Your account is past due. To avoid shutoff, purchase a prepaid card for $480 and call us with the number.',
    'I\'m stuck at the airport, my card was blocked. Please buy me a Steam card and send the code, I\'ll pay you back tomorrow.',
  ],
  quiet: [
    'Congrats! You\'ve won a $1,000 Walmart gift card for being our lucky shopper.',
    'Starbucks: Your gift card balance is $12.40. Reload in the app.',
    'Holiday gift idea: send an Amazon gift card by email in seconds.',
    'Thanks for buying a Target GiftCard! It will arrive by email within 4 hours.',
    'We will never ask you to pay with gift cards.',
    'Sephora: Your Beauty Insider birthday gift is here. Redeem in store or online.',
    'Grandma sent me a $50 iTunes gift card for my birthday, so nice of her',
  ],
});

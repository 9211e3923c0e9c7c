import { messageRuleTable } from '../../test-support/rule-table';
import { prizeClaim } from './prize-claim';

messageRuleTable(prizeClaim, {
  fires: [
    'Congrats! You\'ve won a $1,000 Walmart gift card for being our lucky shopper. Claim here.',
    'Your number was chosen in the Apple anniversary draw. Pay $2.99 shipping to receive your iPhone 16.',
    'Tesco: You\'ve been chosen to receive a £500 voucher. Claim now, only 3 left.',
    'Lucky draw winner! Flipkart anniversary offer: you won a Tata Safari. Call 9801234567 to claim and pay the registration fee.',
    'You have (1) unclaimed reward from T-Mobile. Redeem before midnight.',
    'Costco: Thank you for being a member! Complete a 30-second survey and get a free Dyson V15.',
    'XMAS REWARD IS WAITING FOR YOU! Our computer has randomly picked you from our loyal customers to receive a £400 reward. Just call 09066380644',
    'Your Number has won 365,000 pounds in the ongoing COCACOLA promo. Contact Mr. Billy on +447014233755',
    'Your Bitcoin wallet received 0.08 BTC from a promo airdrop. Claim before it expires.',
  ],
  quiet: [
    'Starbucks: You earned 26 Stars on your last visit. Enjoy your reward!',
    'Congratulations on the new job!! So proud of you',
    'We won the match 3-1, coming to the pub?',
    'Sephora: Your Beauty Insider birthday gift is here. Redeem in store or online.',
    'You have been selected for jury service. Your summons is in the post.',
    'Tesco Clubcard: Your vouchers worth £7.50 are ready to spend. Find them in the Tesco app.',
  ],
});

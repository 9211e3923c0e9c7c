import { messageRuleTable } from '../../test-support/rule-table';
import { investmentPromise } from './investment-promise';

messageRuleTable(investmentPromise, {
  fires: [
    'Good morning! I\'m Lily, a financial advisor. I help people earn a stable 20% monthly return with gold futures.',
    'Elon Musk\'s Tesla giveaway is live! Send 0.1 ETH and receive 0.2 ETH back instantly.',
    'Invest £250 and start earning up to £1,000 a day with our AI trading platform.',
    'My uncle taught me a short term crypto trading method, I made 32% this week. Would you like me to show you?',
    'Exclusive stock tips group: our analyst picked 3 stocks that rose 200%. Join our free WhatsApp group for tomorrow\'s pick.',
    'Guaranteed returns of 5% daily on your bitcoin investment, withdraw anytime.',
  ],
  quiet: [
    'Vanguard: Your quarterly statement is ready. Your portfolio returned 4.2% this quarter.',
    'Robinhood: Your order to buy 2 shares of AAPL was filled at $189.20.',
    'Capital is at risk. Guaranteed returns are not offered on this fund.',
    'Our savings account pays 4.5% AER, FDIC-insured.',
    'Bitcoin fell 5% overnight, glad I sold last week',
    'Dad, I joined the investment club at school, first meeting Thursday',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { cryptoPayment } from './crypto-payment';

messageRuleTable(cryptoPayment, {
  fires: [
    ['I know your password and I recorded you. Pay $950 in BTC to the address I send or everyone will see.', ['Pay $950 in BTC']],
    'Sheriff\'s Office: to clear the warrant, deposit $2,000 at the nearest Bitcoin ATM and send us the receipt.',
    'Remote data optimization role, pay weekly via USDT, training provided.',
    'Your account is frozen. Transfer your funds to this wallet address to protect them: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    'Elon Musk giveaway! Send 0.1 ETH and receive 0.2 ETH back instantly.',
    'To activate withdrawals please top up 500 USDT to the deposit address shown in your account.',
  ],
  quiet: [
    'Coinbase: You bought 0.0021 BTC for $150.00. View your receipt in the app.',
    'Bitcoin price jumped 8% today, crazy',
    'Coinbase: your verification code is 8301-29. Never share this code with anyone.',
    'We never ask you to send crypto to anyone. Report anyone who does.',
    'Did you read the article about crypto ATMs being used by scammers? Scary stuff.',
    'Kraken: Your deposit of 0.5 ETH has been credited to your account.',
  ],
});

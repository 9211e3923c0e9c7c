import { messageRuleTable } from '../../test-support/rule-table';
import { rewardLanguage } from './reward-language';

messageRuleTable(rewardLanguage, {
  fires: [
    ['Congratulations! You won a $1000 gift card', ['Congratulations', 'won', 'gift card']],
    ['You are our WINNER', ['WINNER']],
    ['Claim your prize today', ['prize']],
    ['Get a FREE iPhone', ['FREE']],
    ['Redeem your rewards and giftcards', ['rewards', 'giftcards']],
    ['Free parking this weekend', ['Free']],
    ['congrats on the new job', ['congrats']],
  ],
  quiet: [
    'What a wonderful day',
    "I won't be late",
    'Freedom of speech',
    'Call our toll-free number',
    'Call the toll free line',
    'Sugar-free and gluten-free options',
    'Feel free to call me back',
    'My prized possession',
    'A rewarding experience',
    'See https://free-stuff.example.com/prize',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { fakeCharity } from './fake-charity';

messageRuleTable(fakeCharity, {
  fires: [
    'Help the victims of the earthquake in Turkey: donate now in Bitcoin to the wallet address below, every satoshi counts.',
    'Our church fundraiser for the hurricane families is collecting donations through Cash App $HopeRelief2026, please give today.',
    'Please help my sick child, we need $4,000 for medical treatment. Donations via Zelle to my personal account: 555-201-9932.',
    'Red Cross Relief Fund: donate with Apple or Google Play gift cards and text us the codes.',
    'Wildfire relief: send donations by Western Union to our field coordinator.',
    'Donate to the orphans this Christmas, USDT address below: TXk3...',
  ],
  quiet: [
    'Text GIVE to 90999 to donate $10 to the American Red Cross. Msg&data rates may apply.',
    'Thank you for your donation of $25 to UNICEF. Your receipt is attached.',
    'The school fundraiser raised $3,200! Thank you all.',
    'Donate at redcross.org or call 1-800-RED-CROSS.',
    'Can you venmo me for the pizza tonight?',
    'Never donate by gift card or crypto: real charities do not ask for them.',
  ],
});

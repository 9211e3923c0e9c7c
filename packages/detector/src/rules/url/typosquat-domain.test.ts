import { linkRuleTable } from '../../test-support/rule-table';
import { typosquatDomain } from './typosquat-domain';

linkRuleTable(typosquatDomain, {
  fires: [
    ['http://paypa1.com/signin', ['paypal.com', 'look-alike characters']],
    ['https://www.rnicrosoft.com/account/verify', ['microsoft.com', 'look-alike characters']],
    ['https://arnazon.com/ap/signin', ['amazon.com', 'look-alike characters']],
    ['https://netfliix-account.com/login', ['netflix.com', 'typo']],
    ['https://netfliix.com/', ['netflix.com', 'typo']],
    ['https://amazn-account.com/ap/signin', ['amazon.com', 'typo']],
    ['https://steamcornmunity.com/login/', ['steamcommunity.com', 'look-alike characters']],
    ['https://steamcommunnity.com/tradeoffer/', ['steamcommunity.com', 'typo']],
    ['https://dlscord.gift/x', ['discord.com', 'typo']],
    ['http://p\u0430ypal.com/', ['paypal.com', 'look-alike characters']],
    ['https://wellsfarg0.net/', ['wellsfargo.com', 'look-alike characters']],
    // a look-alike beside a country
    ['https://paypial-us.com/', ['paypal.com', 'typo']],
    // a brand look-alike in a subdomain of an unrelated domain
    ['https://www.recover-account-instargram.asiascoutnetwork.com/', ['instagram.com', 'typo']],
    ['https://paypa1.example.net/signin', ['paypal.com', 'look-alike characters']],
  ],
  quiet: [
    'https://www.paypal.com/signin',
    'https://www.amazon.co.uk/',
    'https://example.com/',
    'https://apply.example.org/',
    'https://www.netflix.com/browse',
    'https://steamcommunity.com/id/x',
    'http://192.168.1.1/',
    'https://www.google.de/',
    'https://www.expedia.com.br/',
    'https://paypal-login.xyz/',
    'https://mail.example.com/',
    'https://instagram.example.com/',
    'https://account-us.example.org/',
    'https://portal-uk.example.co.uk/',
    'https://sites.google.com/view/x',
    'data:text/html,hello',
  ],
});

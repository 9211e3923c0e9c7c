import { linkRuleTable } from '../../test-support/rule-table';
import { generatedNameOnHosting } from './generated-name-on-hosting';

linkRuleTable(generatedNameOnHosting, {
  fires: [
    ['https://my-site-100727-106896.weeblysite.com/', ['my-site-100727-106896', 'weeblysite.com']],
    ['https://su0op-109206-109146.weeblysite.com', ['su0op-109206-109146', 'weeblysite.com']],
    ['https://aol-107948.weeblysite.com/', ['aol-107948', 'weeblysite.com']],
    ['https://896040611-00.000webhostapp.com/', ['896040611-00', '000webhostapp.com']],
    ['https://x8k2m9q.000webhostapp.com', ['x8k2m9q', '000webhostapp.com']],
    ['https://kjhsd8723.workers.dev/', ['kjhsd8723', 'workers.dev']],
  ],
  quiet: [
    'https://janes-bakery.weebly.com/',
    'https://delightful-prism-bridge.glitch.me/',
    'https://docs-support.github.io/',
    'https://my-app-2024.vercel.app/',
    'https://www.weebly.com/',
    'https://sites.google.com/view/12345678',
    'https://example.com/123456',
  ],
});

import { linkRuleTable } from '../../test-support/rule-table';
import { loginPath } from './login-path';

linkRuleTable(loginPath, {
  fires: [
    ['https://example.com/login', ['login']],
    ['https://example.com/account/verify?x=1', ['verify']],
    ['https://a.example/sign-in', ['sign-in']],
    ['https://example.com/cgi-bin/webscr?cmd=_login', ['webscr']],
  ],
  quiet: ['https://blog.example.com/logistics', 'https://example.com/', 'https://example.com/blogin', 'https://login.example.com/'],
});

import { linkRuleTable } from '../../test-support/rule-table';
import { cmsInternalsPath } from './cms-internals-path';

linkRuleTable(cmsInternalsPath, {
  fires: [
    ['https://mikanicole-shop.com/wp-includes/Text/Diff/Engine/Login.htm', ['wp-includes']],
    ['http://distrimar-sanitarios.net/wp-content/themes/jay/82b002758d12189931fc8bbc5ed5c438/', ['wp-content/themes']],
    ['http://www.hawaiian-local-shop.com/wp-admin/includes/login.html', ['wp-admin']],
    ['https://blackst-me.com/wp-admin/jj/webmail-op.jp/?cgitoken=submit', ['wp-admin']],
    ['https://qzv-bakery.net/.well-known/acme-challenge/office365/index.php', ['.well-known']],
    ['http://www.gretdhara-store.com/admin/includes/vps85887.html', ['admin']],
    ['https://qzv-bakery.net/images/secure/verify.php?id=1', ['images']],
  ],
  quiet: [
    'http://elite-daily-news.com/wp-content/themes/strangelove/js/strangelove.min.js?ver=9.7.1',
    'https://qzv-bakery.net/wp-content/uploads/2024/05/cake.jpg',
    'https://qzv-bakery.net/wp-content/uploads/2024/05/menu.pdf',
    'https://qzv-bakery.net/images/logo.png',
    'https://qzv-bakery.net/blog/how-we-bake',
    'https://qzv-bakery.net/admin',
    'https://qzv-bakery.net/css/site.css',
    'https://wordpress.org/news/wp-admin/index.php',
    'https://qzv-bakery.net/.well-known/security.txt',
  ],
});

import { linkRuleTable } from '../../test-support/rule-table';
import { hashFolderPath } from './hash-folder-path';

linkRuleTable(hashFolderPath, {
  fires: [
    ['http://www.psyput-store.ru/update/676c3c010f60c050ef98392469353d7d/', ['676c3c010f60c050ef98392469353d7d']],
    ['https://qzv-shop.com/a/b/6edca06d2fbbbae835dc4d40913411f0?cmd=login', ['6edca06d2fbbbae835dc4d40913411f0']],
    ['https://qzv-shop.com/x/da39a3ee5e6b4b0d3255bfef95601890afd80709/index.php', ['da39a3ee5e6b4b0d3255bfef95601890afd80709']],
  ],
  quiet: [
    'http://filehippo.com/download_firefox/download/25997873f1e6a37e948720c210a9e007/',
    'https://qzv-shop.com/?session=90bda657f4a9e0d8698232566a7d9ee9',
    'https://qzv-shop.com/files/report-676c3c010f60c050ef98392469353d7d.pdf',
    'https://qzv-shop.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/',
    'https://qzv-shop.com/12345678901234567890123456789012/',
    'https://qzv-shop.com/blog/2024/05/our-new-menu',
  ],
});

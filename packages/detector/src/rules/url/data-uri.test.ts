import { linkRuleTable } from '../../test-support/rule-table';
import { dataUri } from './data-uri';

linkRuleTable(dataUri, {
  fires: [
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', ['data:', 'text/html']],
    ['javascript:alert(document.cookie)', ['javascript:']],
    ['DATA:,hello', ['data:']],
  ],
  quiet: ['https://example.com/data:text', 'https://example.com/?u=javascript:x', 'https://metadata.example.com/'],
});

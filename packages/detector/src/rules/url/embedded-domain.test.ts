import { linkRuleTable } from '../../test-support/rule-table';
import { embeddedDomain } from './embedded-domain';

linkRuleTable(embeddedDomain, {
  fires: [
    ['https://usps.com-trackingid.top/us', ['usps.com']],
    ['https://chase.com-secure-logon.info/', ['chase.com']],
    ['https://wellsfargo.com.online-signon.xyz/', ['wellsfargo.com']],
    ['https://ezpassny-com.pay-tolls.top/invoice', ['ezpassny-com']],
    ['https://txtag.org-pay.vip/', ['txtag.org']],
    ['https://hmrc.gov.uk.refund-portal.xyz/', ['hmrc.gov.uk']],
  ],
  quiet: [
    'https://www.amazon.com.au/',
    'https://www.bbc.co.uk/news',
    'https://dotcom-monitor.com/',
    'https://e-commerce.example.com/',
    'https://www.example.com/usps.com-x',
    'https://telecom-paris.fr/',
    'https://sa.www4.irs.gov/',
  ],
});

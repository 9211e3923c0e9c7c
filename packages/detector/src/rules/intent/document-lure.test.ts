import { messageRuleTable } from '../../test-support/rule-table';
import { documentLure } from './document-lure';

messageRuleTable(documentLure, {
  fires: [
    [
      'You have a new voice message.\n\nFrom: +1 (312) ***-**21\nDuration: 00:47\n\nPlay voice message: https://voicemail-teams-audio.workers.dev/play?id=99281\n\nMicrosoft Teams',
      ['new voice message', 'Play', 'https://voicemail-teams-audio.workers.dev/play?id=99281'],
    ],
    'The Employee Handbook has been updated for 2027. All employees must review and acknowledge the changes by Friday.\n\nReview and sign in: https://hr-portal-handbook.azurewebsites.net/acknowledge',
    'HR Department sent you a document to review and sign.\n\nREVIEW DOCUMENT\nhttps://docusign-secure-envelope.pages.dev/view?env=7f3a-22b1',
    'Emily Carter has shared "2026 Bonus Structure.xlsx" with you via OneDrive. Someone shared a file with you. Open: https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/index.html',
    'The Payroll Department has completed the final pay-stub changes for this year. To view the changes to your pay-stub go to http://adp-portal-update.com/w2',
    'You have 1 secure message waiting. Click here to read it: http://secure-msg-center.net/inbox',
    'Wells Fargo CEO: I sent you an important document, view and read: http://wf-doc-share.info/doc.pdf',
  ],
  quiet: [
    // the service's own site, or no link at all
    'All parties have completed Lease Renewal 2027.\n\nView completed document: https://app.docusign.com/documents/details/4f2a9b10-8c33-4a2e-9d21-7b0f4e2c1a55',
    'Maria Chen shared a file with you.\n\nQ4 budget.xlsx\n\nView file: https://www.dropbox.com/scl/fi/8x2kqp0/Q4-budget.xlsx?rlkey=abc123&dl=0',
    'Maria Chen has invited you to edit the following document. Open: https://docs.google.com/document/d/1Ab9kQ2xPm7RtL0vN3sY/edit?usp=sharing_eil',
    'You received a new voicemail from (512) 555-0143, 0:42. Listen in the Google Voice app or at voice.google.com.',
    'Hi Aisha, your payslip for March is now available in Employee Self Service. Log in through the intranet as usual.',
    // a link, but nothing is waiting behind it
    'Lunch menu for Friday is up: https://the-corner-deli-menu.com/friday',
    'Please review our new opening hours at https://smiths-bakery-hours.com before you visit.',
  ],
});

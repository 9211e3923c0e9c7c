import { messageRuleTable } from '../../test-support/rule-table';
import { threatOfConsequence } from './threat-of-consequence';

messageRuleTable(threatOfConsequence, {
  fires: [
    'ATO: You have an outstanding tax debt. Failure to pay will result in an arrest warrant.',
    'This is Officer Daniels. You missed jury duty and a warrant has been issued. Call immediately to resolve.',
    'Notice of debt: you owe $1,230. Legal action will begin in 24 hours unless you call.',
    'Your E-Challan of Rs 500 is pending. Pay immediately to avoid court action.',
    'Your account will be closed within 24 hours if you do not verify.',
    'Final warning: pay the outstanding amount or face prosecution.',
  ],
  quiet: [
    'Emergency Alert: Flash Flood Warning this area until 8:45 PM PST. Avoid flood areas.',
    'The police arrested two men after the match, crazy night downtown',
    'Did you watch the court case documentary? So good',
    'Your account was closed as you requested. Thanks for banking with us.',
    'Reminder: library fines are waived this month.',
    'Jury duty reminder: report to the courthouse Monday at 8am.',
  ],
});

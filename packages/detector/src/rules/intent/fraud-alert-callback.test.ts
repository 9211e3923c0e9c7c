import { messageRuleTable } from '../../test-support/rule-table';
import { fraudAlertCallback } from './fraud-alert-callback';

messageRuleTable(fraudAlertCallback, {
  fires: [
    'BofA Alert: Did you attempt a purchase of $1,249.00 at Walmart? Reply YES or NO. If not you, call our fraud team now at 1-888-402-7731.',
    'NatWest: A new payee \'J Okafor\' was added to your account at 14:32. If this was NOT you, call our fraud line immediately on 0203 769 4410.',
    'Amazon Security: A purchase of an iPhone 15 Pro ($1,199) was placed on your account. If not you, call 1-888-770-4122 immediately.',
    'Barclays: We\'ve blocked a payment to Currys for £1,199. To cancel the transaction and secure your account ring us on 020 3808 1146',
    'ALERT: Your Amazon account has been used to purchase a MacBook Pro. If you didn\'t, press 1 to talk to an Amazon representative.',
    'Coinbase: a withdrawal of 0.42 BTC was requested from your account. If this wasn\'t you call 1 (808) 900-2219 immediately.',
    'Your Chase card was used for $612.40 at BestBuy.com. If this was not you, call us now at 1-888-555-0142 to cancel.',
    'Capital One: your card ending 4411 was charged $899.00 at APPLE STORE. Not you? Call 1-844-201-7789 immediately to dispute.',
  ],
  quiet: [
    'Chase Fraud Alert: Did you attempt a $389.50 purchase at APPLE.COM/BILL on card ending 7712? Reply YES or NO.',
    'HSBC: A payment of £120.00 to a new payee was made using online banking. If you don\'t recognise this, call us using the number on the back of your card.',
    'Wells Fargo: a $54.20 purchase at TRADER JOE\'S was made on your card ending 3381. Reply STOP to end alerts.',
    'Amex: Card ending 1002 charged $86.40 at WHOLE FOODS on Nov 18. Unrecognised? Review it in the Amex app.',
    'Reminder: You have an appointment on Thu 11/20 at 9:15 AM. Reply C to confirm or call 512-555-0143 to reschedule.',
    'Never call a number in a text about unusual activity: use the number on your card.',
    'Your card was used for $12.40 at Starbucks. Questions about this alert? Open the Chase app.',
  ],
});

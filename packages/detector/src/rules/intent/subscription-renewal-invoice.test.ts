import { messageRuleTable } from '../../test-support/rule-table';
import { subscriptionRenewalInvoice } from './subscription-renewal-invoice';

messageRuleTable(subscriptionRenewalInvoice, {
  fires: [
    'Geek Squad: Thank you for renewing your Total Tech Support plan. $399.99 will be charged today. To cancel call 1-808-201-4471 within 24 hours.',
    'Norton 360: Your subscription was auto-renewed for $349.99. Not you? Contact our billing team at +1 (855) 702-1133 for a full refund.',
    'McAfee LiveSafe: your order #MC-48301 for $289.00 has been processed. If you want to cancel, call 1-844-720-3310.',
    'PayPal invoice: you\'ve been billed $599.00 for Bitcoin purchase. If you did not authorize this, call 1-888-302-4416 to dispute.',
    'Thank you for your order! Geek Squad Protection Plan (2 years). Total: $489.99. To cancel your order and get a full refund call our helpline: +1-(855)-404-1192',
    'Venmo: Your account was charged $399.99 for Venmo Premium. If you didn\'t make this purchase call 1-844-918-2273 for a refund.',
    'Invoice INV-20931\nBest Buy Geek Squad Protection, 2 years: USD 489.99, paid by auto-debit.\nTo dispute or cancel this order please call our helpline +1 808 555 0148.',
  ],
  quiet: [
    'Geek Squad: Your repair order 4412-9902 is complete and ready for pickup at Best Buy store #1221.',
    'Verizon: Your bill is ready. Amount due: $84.99 on 12/05. View at vzw.com/mybill',
    'Your Spotify Premium payment of £11.99 was successful. Enjoy the music!',
    'Apple: Your receipt for iCloud+ 200GB (£2.99) is available in Settings.',
    'Norton: Your subscription renews on 12/01 for $49.99. Manage auto-renewal in your account.',
    'Rs 1,250.00 debited from A/c XX4421 to VPA zomato@hdfcbank. Not you? Call 18002586161 - HDFC Bank',
  ],
});

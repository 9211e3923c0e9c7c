import { messageRuleTable } from '../../test-support/rule-table';
import { parcelRedeliveryFee } from './parcel-redelivery-fee';

messageRuleTable(parcelRedeliveryFee, {
  fires: [
    'USPS: Your package could not be delivered due to an incomplete address. Please update your information within 24h.',
    'Royal Mail: Your parcel is on hold due to an unpaid shipping fee of £1.45. Pay now to rearrange delivery.',
    'Evri: We missed you today. Your parcel will be returned to sender unless you reschedule and pay the £0.99 fee.',
    'DHL: Your shipment DE4829173 is awaiting customs clearance. Pay 2.99 EUR duty to release it.',
    'U.S.P.S: The item is held at our warehouse because the house number is missing. Confirm your address in the link.',
    'NZ Post: We\'ve attempted delivery of your parcel. A small redelivery fee of $1.50 applies, arrange it online.',
    'Canada Post: Your package is being held. Shipping fee unpaid ($1.91). Pay to release.',
  ],
  quiet: [
    'USPS: Your item was delivered in or at the mailbox at 2:14 pm on November 18 in AUSTIN, TX 78704.',
    'Royal Mail: Your parcel from ASOS will be delivered today between 10:41 and 11:41.',
    'Canada Post: your parcel is ready for pickup at the post office at 412 Main St. Bring ID.',
    'Evri: Your parcel from Next is out for delivery today with Tom, your courier.',
    'Amazon order confirmed: 1 item, shipping fee $5.99, arriving Thursday.',
    'UPS: We tried to deliver your package today. We\'ll try again tomorrow, no action needed.',
    'Never pay a redelivery fee by text: Royal Mail does not ask for it.',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { personalInfoRequest } from './personal-info-request';

messageRuleTable(personalInfoRequest, {
  fires: [
    ['Westpac: Your card has been blocked due to suspicious transactions. Reply with your card number to unblock.', ['Reply with your card number']],
    'FEMA: You are eligible for $700 disaster assistance. Reply with your bank routing and account number to receive the funds today.',
    'Job offer: reshipping coordinator, start tomorrow. Send your full name, address and SSN to get set up.',
    'Dear Customer your HDFC NetBanking will be suspended today. Kindly update KYC via the link.',
    'Medicare: you qualify for a new card. Please confirm your date of birth and Medicare number to receive it.',
    'Booking.com: your reservation will be cancelled unless you verify your billing information within 12 hours.',
    'To release the refund we need you to provide the CVV on the back of your card.',
    'Hi, I need a copy of all employee W-2 forms for 2025 for a quick review. Please send them as PDF to me today. Robert, CFO',
  ],
  quiet: [
    'Amex: We need to confirm a charge of $214.87 at DELTA AIR LINES. Was this you? Reply Y or N. We will never ask for your card number by text.',
    'Your Aadhaar OTP for authentication is 884210. Valid for 10 mins. Do not share. -UIDAI',
    'Reminder: bring your passport and proof of address to the appointment on Tuesday.',
    'Your card ending 4417 was used at SHELL for $62.18.',
    'Netflix: Your payment method was updated. If you didn\'t make this change, visit netflix.com/help.',
    'Never give your card number or CVV to anyone who calls you.',
    'Happy birthday! What\'s your date of birth again, the 12th or 13th? Booking the restaurant.',
  ],
});

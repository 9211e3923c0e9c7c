import { messageRuleTable } from '../../test-support/rule-table';
import { otpCodeRequest } from './otp-code-request';

messageRuleTable(otpCodeRequest, {
  fires: [
    ['WhatsApp: your account will be deactivated today. To keep it, send the 6-digit code you just received.', ['send the 6-digit code']],
    'Your Google account has been compromised. Reply with the verification code we just sent to confirm you own it.',
    'Hey I accidentally sent a 6 digit code to your phone, could you forward it to me? Its for my Google Voice.',
    'Hi, I found your listing on Craigslist. Before I come see the car, confirm you\'re real with a Google Voice code, I\'ll send it now',
    'This is Amazon support. To stop the refund going to the wrong account please read me the code we texted you.',
    'Your verification code for Facebook is 482917. Hi, sorry I sent it to you by mistake, can you send it back to me please?',
    "What's the code you just got? I need it for my account",
    'Amazon: Someone tried to buy an iPhone with your account. To cancel, share the OTP you receive with our executive.',
    'Coinbase Security: to cancel the withdrawal, text us the one-time passcode you receive.',
  ],
  quiet: [
    'Your Chase one-time code is 55102934. Don\'t share it. We\'ll never call to ask for it.',
    'Your Amazon package will be delivered today. Share this code with the driver to receive it: 729104. Don\'t share it at any other time.',
    'Delhivery: Your order from Myntra is out for delivery. OTP to share with the delivery agent: 4821',
    'Barclays: Your code is 219804. Never tell anyone this code, even if they say they\'re from Barclays.',
    'Never send your verification code to anyone who asks for it, even a friend.',
    'Use code 482911 to verify your Revolut account. Never share this code, we\'ll never ask for it.',
    'Here is the promo code for the team dinner: FEAST20, enjoy!',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { familyEmergency } from './family-emergency';

messageRuleTable(familyEmergency, {
  fires: [
    ['Hi Mum, it\'s me. I dropped my phone in the toilet lol this is my new number.', ['Hi Mum', 'dropped my phone']],
    'Hey Dad, this is my new number, old phone broke. Are you free? I need a favour, it\'s a bit urgent x',
    'Mum I\'m stuck, my banking app is locked on the new phone and I have to pay rent today. Could you send £1,350 and I\'ll pay you back Monday?',
    'hi mom my phone got smashed so im using a friends. i need to pay a bill asap and cant log in, can you help?',
    'Grandma it\'s Josh. I\'m in trouble, I was in a car accident. Please don\'t tell Mom. Can you send money for bail?',
    'Hi Papa, I lost my phone. This is my temporary number. Can you send 25000 on this UPI, need it for hostel fees today itself',
    'Hey it\'s me, new number. Save this one and delete the old. Can you do me a quick transfer, I\'ll explain later xx',
  ],
  quiet: [
    'Hi Mum, new phone, same number. Just letting you know iMessage might be weird for a day',
    'Mum I\'ve lost my keys again 🙈 can you leave the back door open? Home around 6',
    'Hey Dad, can you pick me up from practice at 5:30 instead of 5?',
    'Happy birthday Mum! Dinner is on me this weekend',
    'Hey it\'s Dan from work, this is my personal number. Want to carpool Monday?',
    'Mom, the school trip money is due Friday, $20, can you put it in my bag?',
  ],
});

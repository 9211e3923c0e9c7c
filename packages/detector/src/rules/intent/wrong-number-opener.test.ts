import { messageRuleTable } from '../../test-support/rule-table';
import { wrongNumberOpener } from './wrong-number-opener';

messageRuleTable(wrongNumberOpener, {
  fires: [
    'Hi, is this Linda? It\'s Sarah from the yoga class, are we still on for coffee Thursday?',
    'Hello, is this David? The golf tee time got moved to 9:30 tomorrow.',
    'Sorry to bother you, is this Mr. Kevin? My assistant gave me this number for the wine tasting dinner.',
    'Oh sorry, wrong number! I was trying to reach my real estate agent. Since we\'re chatting, where are you from?',
    'It\'s nice to meet you even if it was a wrong number lol. My uncle taught me a crypto trading method.',
    'Hello, I\'m Anna, the event planner. Is this the right number for Mr. Tan?',
    'Hello Kevin, it\'s Jenna. We met at the wine tasting in Sonoma last spring, remember me?',
    'Hi there, this is Grace. Do you remember me? We met briefly at the conference in Austin.',
  ],
  quiet: [
    'Sorry wrong number! I meant to text my sister 😅',
    'Is this the one you wanted? I found it on sale',
    'hi is this ok for dinner? i booked 7pm',
    'Hey Dad, can you pick me up from practice at 5:30 instead of 5?',
    'Wrong number, sorry. Please remove me from your list.',
    'Is this Thursday or Friday? I keep forgetting',
    'We met at the cafe yesterday, thanks again for lunch!',
    'Remember me to your mother, and see you at Christmas',
    'Do you remember me? lol it has been ages since school',
  ],
});

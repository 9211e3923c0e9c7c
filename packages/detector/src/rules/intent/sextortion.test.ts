import { messageRuleTable } from '../../test-support/rule-table';
import { sextortion } from './sextortion';

messageRuleTable(sextortion, {
  fires: [
    'I have a video of you from your webcam. If you don\'t send $1,500 in Bitcoin in 48 hours I will send it to all your contacts.',
    'I know your password is hunter2 and I recorded you. Pay $950 in BTC to the address I send or everyone will see.',
    'I hacked your device and recorded you while you visited adult websites. Transfer 1200 USD in bitcoin to my wallet or I leak it.',
    'We have intimate photos of you. Pay $500 now or we send them to all your friends and family.',
    'Your webcam was hacked. I have footage of you. Send 0.05 BTC to the bitcoin address below within 24 hours or it goes viral.',
    'I have explicit videos of you from the chat. Pay me now or I publish them.',
  ],
  quiet: [
    'I have a video of you dancing at the wedding lol, sending it to the group chat',
    'Ring: Motion detected at your Front Door camera.',
    'Your webcam driver update is available in Settings.',
    'Photos of you from the race are ready to download, $12 for the pack.',
    'Never pay anyone who threatens to share private images: report it to the police.',
    'Bitcoin hit a new high today, should we sell?',
  ],
});

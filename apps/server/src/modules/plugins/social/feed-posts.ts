/**
 * The simulated social feed's messages (spec section 3: the social source is simulated). Made up
 * for the simulation: ordinary messages people get, and the scams that arrive on social platforms
 * (fake prizes, account-recovery bait, investment "mentors", marketplace deposits, impostor
 * friends). Names and links are invented; the links use reserved or made-up domains.
 */
export interface FeedPost {
  /** Who sends it: a display name and a handle (without @). */
  name: string;
  handle: string;
  content: string;
  /** A direct message or a comment on the person's post. */
  kind: 'message' | 'comment';
}

export const FEED_POSTS: readonly FeedPost[] = [
  { name: 'Maya Thompson', handle: 'maya.t', kind: 'message', content: 'Hey! Are you still coming to the picnic on Saturday? I can bring extra chairs.' },
  { name: 'Prize Department', handle: 'official_rewards_team', kind: 'message', content: 'Congratulations! Your account was selected for our $1,000 gift card giveaway. Claim within 24 hours: https://claim-rewards-now.example/win' },
  { name: 'Daniel Okafor', handle: 'dokafor', kind: 'comment', content: 'Great photos from the lake! Which trail did you take?' },
  { name: 'Security Support', handle: 'help.center.verify', kind: 'message', content: 'Your account will be disabled today for violating our community guidelines. Verify your identity here to keep it: http://account-review-appeal.example/login' },
  { name: 'Grandma Rose', handle: 'rose_knits', kind: 'message', content: 'Thank you for the flowers, dear. Call me when you have a moment.' },
  { name: 'Alex Rivera', handle: 'alex.crypto.mentor', kind: 'message', content: 'I turned $500 into $12,000 in two weeks with my crypto signals. Send me $250 in USDT to join the private group, spots are limited!' },
  { name: 'Neighborhood Garden Club', handle: 'gardenclub', kind: 'comment', content: 'Reminder: seed swap this Sunday at 10 am in the community hall.' },
  { name: 'Sam Chen', handle: 'samchen_sells', kind: 'message', content: 'Is the bike still for sale? I can pay now. I will send a courier, just pay the $45 shipping insurance through this link first: https://secure-courier-pay.example/pay' },
  { name: 'Priya Nair', handle: 'priya.n', kind: 'message', content: 'Happy birthday!! Hope you have the best day 🎉' },
  { name: 'Jordan Lee', handle: 'jordan_lee_2', kind: 'message', content: 'Hi, it is Jordan, I lost access to my old account so this is my new one. I am stuck abroad and my card was blocked, can you send me $300 by gift card? I will pay you back tomorrow.' },
  { name: 'Book Club', handle: 'tuesday.readers', kind: 'comment', content: 'Next month we are reading a mystery novel. Vote for the title in the group chat!' },
  { name: 'Brand Partnerships', handle: 'collab.team.official', kind: 'message', content: 'We love your profile! Become our brand ambassador and earn $2,000 a month. Pay a one-time $49 registration fee to start: bit.ly/ambassador-signup' },
  { name: 'Chris Martin', handle: 'cmartin', kind: 'comment', content: 'Congrats on the new job! Well deserved.' },
  { name: 'Copyright Team', handle: 'meta.copyright.notice', kind: 'message', content: 'Urgent: a post on your page violates copyright. Your page will be deleted in 12 hours unless you appeal here: https://page-appeal-center.example/form' },
  { name: 'Lena Fischer', handle: 'lena.f', kind: 'message', content: 'Can you send me the recipe for that lemon cake? Everyone loved it.' },
  { name: 'Investment Desk', handle: 'global.fx.profits', kind: 'message', content: 'Guaranteed 30% weekly returns on forex. Our manager will trade for you, just deposit to get started. Reply YES to receive the wallet address.' },
  { name: 'School PTA', handle: 'oakwood.pta', kind: 'comment', content: 'Thanks to everyone who volunteered at the bake sale. We raised $640 for the library!' },
  { name: 'Tech Support', handle: 'account.recovery.desk', kind: 'message', content: 'We noticed a login from a new device. If this was not you, send us the 6-digit code we just texted you so we can secure your account.' },
  { name: 'Omar Haddad', handle: 'omar.h', kind: 'message', content: 'Running 10 minutes late, save me a seat!' },
  { name: 'Lottery Winners', handle: 'intl.lottery.claims', kind: 'message', content: 'You won the international online lottery! To release your prize of $850,000, pay the processing fee of $150 in Bitcoin.' },
  { name: 'Hannah Brooks', handle: 'hbrooks', kind: 'comment', content: 'That sunset is unreal. Where was this?' },
  { name: 'Job Recruiter', handle: 'remote.jobs.hiring', kind: 'message', content: 'Work from home and earn $500 a day liking videos. No experience needed. Message me on WhatsApp at +1 555 0100 to start today.' },
  { name: 'Community Center', handle: 'citycommunitycenter', kind: 'comment', content: 'The pool reopens on Monday with new opening hours, 6 am to 9 pm.' },
  { name: 'Ticket Resale', handle: 'concert.tix.cheap', kind: 'message', content: 'I have 2 tickets for the sold-out concert at half price. Pay by friends and family only so there are no fees, first come first served.' },
];

/** Which of {@link FEED_POSTS} are scams: half of the feed, so a short look at it shows both. */
export const SCAM_HANDLES: ReadonlySet<string> = new Set([
  'official_rewards_team',
  'help.center.verify',
  'alex.crypto.mentor',
  'samchen_sells',
  'jordan_lee_2',
  'collab.team.official',
  'meta.copyright.notice',
  'global.fx.profits',
  'account.recovery.desk',
  'intl.lottery.claims',
  'remote.jobs.hiring',
  'concert.tix.cheap',
]);

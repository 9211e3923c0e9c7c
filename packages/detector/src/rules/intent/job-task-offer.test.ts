import { messageRuleTable } from '../../test-support/rule-table';
import { jobTaskOffer } from './job-task-offer';

messageRuleTable(jobTaskOffer, {
  fires: [
    'Hi, I\'m Rachel from Indeed Recruitment. We have a remote part-time position, 60-90 minutes a day, $300-$800/day. Reply on WhatsApp.',
    'Hello! We\'re hiring online product reviewers for Amazon. Daily pay $200-500, flexible hours, no experience needed.',
    'Part-time job: just like and follow YouTube videos, 50 rupees per task, daily salary up to 5000.',
    'TikTok Shop recruitment: earn $50 per 15 tasks. Payment same day. To apply add our HR on WhatsApp.',
    'Job offer: package reshipping coordinator, $3,200/month + bonuses. No interview needed, start tomorrow.',
    'Hi! Looking for extra income? Flexible job from your phone, earning £100-£450 per day. Reply 1 for details.',
  ],
  quiet: [
    'Hi Sam, I\'m a recruiter at Stripe. Your background looks great for our Senior Engineer role (salary $180k-$220k). Are you open to a call this week?',
    'Your application for Warehouse Associate at Amazon has been received. We will email you about next steps.',
    'Reminder: your interview with Acme Corp is tomorrow at 10am on Zoom.',
    'Can you cover my shift on Saturday? I\'ll swap you next week',
    'We\'re hiring baristas at the Main St store, apply in person or at careers.example.com',
    'The position of the sofa is perfect, thanks for helping me move!',
  ],
});

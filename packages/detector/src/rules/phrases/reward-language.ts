/** Spec phrase group 'Reward scam patterns detected': won, winner, prize, gift card, reward, free, congratulations. */
import { phraseRule } from '../phrase-rule';

/**
 * Flags reward words (whole words, any case, simple plurals). "won't", "freedom", "toll-free",
 * "sugar-free" and "feel free" do not count.
 */
export const rewardLanguage = phraseRule({
  id: 'reward-language',
  label: 'Reward scam patterns detected',
  pattern:
    /\b(?:won|winners?|prizes?|gift\s?cards?|rewards?|(?<![-\u2010\u2011]|\bfeel\s|\btoll\s)free|congratulations|congrats)\b(?!['\u2019]\w|-)/gi,
});

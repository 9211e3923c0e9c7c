/** A reputation score band (spec sections 4 and 9: bands at 80, 60 and 40). */
export interface ScoreBand {
  band: 'green' | 'yellow' | 'orange' | 'red';
  /** Said in words, so colour is not the only signal. */
  label: string;
  /** Classes for the score pill. */
  className: string;
}

export function getScoreBand(score: number): ScoreBand {
  if (score >= 80) return { band: 'green', label: 'Good', className: 'bg-green-100 text-green-800 border-green-300' };
  if (score >= 60) return { band: 'yellow', label: 'Fair', className: 'bg-yellow-100 text-yellow-900 border-yellow-300' };
  if (score >= 40) return { band: 'orange', label: 'Poor', className: 'bg-orange-100 text-orange-900 border-orange-300' };
  return { band: 'red', label: 'Bad', className: 'bg-red-100 text-red-800 border-red-300' };
}

/** The spec's sensitivity labels, for the values 1 to 5. */
export const SENSITIVITY_LABELS = ['Low', 'Medium-Low', 'Medium', 'Medium-High', 'High'] as const;

/** The label of a sensitivity value (1-5). */
export function labelSensitivity(value: number): string {
  return SENSITIVITY_LABELS[Math.min(Math.max(Math.round(value), 1), 5) - 1] ?? 'Medium';
}

/** A slider change is sent once this long after the last release or key press. */
export const SENSITIVITY_DEBOUNCE_MS = 400;

/** What each sensitivity value alerts about (the server's table, issue 19), for the values 1 to 5. */
export const SENSITIVITY_MEANINGS = [
  'Only the clearest phishing (a score of 0.95 or more).',
  'Every phishing verdict.',
  "Phishing, and suspicious messages as 'Suspicious Content'.",
  'Phishing, and suspicious messages alerted as phishing alerts too.',
  'All of the above, and also messages that are safe but close to suspicious.',
] as const;

/** What a sensitivity value (1-5) alerts about. */
export function describeSensitivity(value: number): string {
  return SENSITIVITY_MEANINGS[Math.min(Math.max(Math.round(value), 1), 5) - 1] ?? SENSITIVITY_MEANINGS[2];
}

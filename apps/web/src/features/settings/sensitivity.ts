/** The spec's sensitivity labels, for the values 1 to 5. */
export const SENSITIVITY_LABELS = ['Low', 'Medium-Low', 'Medium', 'Medium-High', 'High'] as const;

/** The label of a sensitivity value (1-5). */
export function labelSensitivity(value: number): string {
  return SENSITIVITY_LABELS[Math.min(Math.max(Math.round(value), 1), 5) - 1] ?? 'Medium';
}

/** A slider change is sent once this long after the last release or key press. */
export const SENSITIVITY_DEBOUNCE_MS = 400;

/** What each sensitivity value alerts about (the server's table, issue 19, in plain words), for the values 1 to 5. It changes alerts only, never how messages are checked. */
export const SENSITIVITY_MEANINGS = [
  'Only messages that are almost certainly phishing.',
  'Every message found to be phishing.',
  'Phishing, and messages that look suspicious (as Suspicious Content).',
  'Phishing, and suspicious messages told as urgently as phishing.',
  'All of the above, and messages that are probably safe but a little odd.',
] as const;

/** What a sensitivity value (1-5) alerts about. */
export function describeSensitivity(value: number): string {
  return SENSITIVITY_MEANINGS[Math.min(Math.max(Math.round(value), 1), 5) - 1] ?? SENSITIVITY_MEANINGS[2];
}

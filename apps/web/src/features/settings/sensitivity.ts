/** The spec's sensitivity labels, for the values 1 to 5. */
export const SENSITIVITY_LABELS = ['Low', 'Medium-Low', 'Medium', 'Medium-High', 'High'] as const;

/** The label of a sensitivity value (1-5). */
export function labelSensitivity(value: number): string {
  return SENSITIVITY_LABELS[Math.min(Math.max(Math.round(value), 1), 5) - 1] ?? 'Medium';
}

/** A slider change is sent once this long after the last release or key press. */
export const SENSITIVITY_DEBOUNCE_MS = 400;

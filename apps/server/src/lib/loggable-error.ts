/** What the log keeps of an error. */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggableError;
}

// a failed query's message and properties carry its parameters: people's messages and emails
const PARAMS = /\nparams: [\s\S]*$/;

/**
 * An error as the log may keep it: its type, message, code and stack, and its cause's, without
 * the data a failed query carries (Drizzle's `params`, PostgreSQL's `detail` with the row's values).
 */
export function loggableError(err: unknown, depth = 0): LoggableError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, 300) };
  const out: LoggableError = { type: err.name, message: err.message.replace(PARAMS, '').slice(0, 2000) };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  if (err.stack) out.stack = err.stack.replace(err.message, out.message);
  if (err.cause !== undefined && depth < 3) out.cause = loggableError(err.cause, depth + 1);
  return out;
}

import { ErrorBoundary } from '@/components/error-boundary';
import { AppProvider } from './provider';
import { AppShell } from './shell';
import { AppRouter } from './router';

// The pages and the header's dialogs have error boundaries of their own, which keep the shell; this
// one is the last resort, so that a fault in the shell itself still leaves a message, not a blank page.
export function App() {
  return (
    <ErrorBoundary>
      <AppProvider>
        <AppShell>
          <AppRouter />
        </AppShell>
      </AppProvider>
    </ErrorBoundary>
  );
}

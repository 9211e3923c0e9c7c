import { AppProvider } from './provider';
import { AppShell } from './shell';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProvider>
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './index.css';
import { App } from './app/app';
import { startAccessibility } from './lib/accessibility';
import { keepFocusClearOfBars } from './lib/focus-clear-of-bars';
import { startServiceWorker } from './lib/service-worker';

// Before the first render, so the first paint already has the person's contrast, text size and motion.
startAccessibility();
keepFocusClearOfBars();
// offline app shell and updates (production builds only; registered after the page has loaded)
startServiceWorker();

// The iOS and Android apps only (lib/native/, a chunk the web never loads): their bridge defines
// window.Capacitor before any script runs, and the class gives the first paint its safe-area layout.
if ((window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.()) {
  document.documentElement.classList.add('native');
  import('./lib/native').then((native) => native.startNative()).catch((error: unknown) => console.error('The app’s native features did not start', error));
}

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './index.css';
import { App } from './app/app';
import { startAccessibility } from './lib/accessibility';
import { keepFocusClearOfBars } from './lib/focus-clear-of-bars';

// Before the first render, so the first paint already has the person's contrast, text size and motion.
startAccessibility();
keepFocusClearOfBars();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// First import: the first screen's data goes into the stores as it arrives (first-requests.ts).
import { firstScreenData } from './first-requests';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/app.css';
import './styles/workbench.css';

/**
 * How long the page waits for the first screen's data before drawing without it (a spinner
 * until it comes). The data usually arrives while the code is still being evaluated.
 */
const FIRST_DATA_WAIT_MS = 300;

void Promise.race([firstScreenData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

import '@fortawesome/fontawesome-svg-core/styles.css';
import './styles.css';
import { config } from '@fortawesome/fontawesome-svg-core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';

// The icons' stylesheet is imported above with the rest, so nothing is injected after the first paint.
config.autoAddCss = false;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

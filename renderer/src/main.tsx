// First, before any schema checks a value: no eval under the CSP.
import './zod-without-eval';
import '@mantine/core/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createBackend } from './platform/create-backend';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App backend={createBackend()} />
  </StrictMode>,
);

// First: zod must not probe `new Function` under the page's Content-Security-Policy.
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { requestPersistentStorage } from './db/storage.ts';

// The local copy must survive storage pressure (an evicted copy is an offline point of sale without data).
void requestPersistentStorage();

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root ausente em index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

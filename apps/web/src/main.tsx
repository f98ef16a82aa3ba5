// First: zod must not probe `new Function` under the page's Content-Security-Policy.
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { requestPersistentStorage } from './db/storage.ts';
import { startAppLocalCopy } from './localdb/appStart.tsx';
import { notifications } from '@mantine/notifications';
import { installEscapeTracker } from './ui/escapeKey.ts';

// Before any overlay mounts: its listener must be the window's first (ui/escapeKey.ts).
installEscapeTracker();

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root ausente em index.html');

// The local copy first: every screen reads it. Its start-up asks for persistent storage (an evicted copy is an
// offline point of sale without data); the Dexie copy, when kept, asks here.
const status = document.createElement('p');
status.setAttribute('role', 'status');
status.style.cssText = 'font-family: system-ui, sans-serif; margin: 2rem; color: #333';
root.append(status);
void startAppLocalCopy((label) => {
  status.textContent = label;
}).then((start) => {
  status.remove();
  if (start.store === 'dexie') void requestPersistentStorage();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Kept on screen until closed: the till works, but nothing is kept offline in the SQLite copy.
  if (start.notice) notifications.show({ message: start.notice, color: 'yellow', autoClose: false });
});

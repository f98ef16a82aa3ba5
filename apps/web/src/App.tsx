import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { TOAST_DURATION_MS } from '@pdv/domain/constants';
import { SessionProvider } from './features/auth/SessionProvider.tsx';
import { createQueryClient } from './queryClient.ts';
import { AppRoutes } from './routes.tsx';
import { NewVersionModal } from './ui/NewVersionModal.tsx';
import { ThemeRoot } from './ui/theme/ThemeRoot.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeRoot>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Sim', cancel: 'Não' }}>
          <NavigationProgress size={3} aria-label="Carregando" />
          <Notifications autoClose={TOAST_DURATION_MS} position="top-right" />
          <NewVersionModal />
          <BrowserRouter>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </BrowserRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </ThemeRoot>
  );
}

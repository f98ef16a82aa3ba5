import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { call, configureApiClient } from '../../api/client.ts';
import { isUnauthorized } from '../../api/errors.ts';
import { setThemeColor } from '../../ui/theme/themeColor.ts';
import { onAccessWrite } from '../registers/api.ts';
import { syncRuntime } from '../sync/runtime.ts';
import {
  TOKEN_KEY,
  abilityOf,
  clearStoredSession,
  clearStoredUser,
  readStoredSession,
  sessionOf,
  writeStoredSession,
  type Session,
} from './session.ts';
import { SessionContext, type SessionContextValue } from './sessionContext.ts';

const storedToken = () => localStorage.getItem(TOKEN_KEY);

/** Changes of users and profiles come in bursts (a profile's holders, several events): one reload after them. */
const ACCESS_RELOAD_DELAY_MS = 300;

/** The session user reloaded from the server (fresh permissions), or null when it could not be reloaded. */
async function fetchSession(): Promise<Session | null> {
  const token = storedToken();
  if (!token) return null;
  try {
    const { usuario } = await call('session', {}, { loading: false });
    // Signed out (or in as someone else) while the call ran: drop the answer.
    return storedToken() === token ? sessionOf(token, usuario) : null;
  } catch (error) {
    // 401 already signed out. Offline or failing server: the last list that did load stays; a list that never
    // loaded stays "failed", which grants nothing (never "no list").
    if (!isUnauthorized(error)) console.warn('Não foi possível recarregar a sessão', error);
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(() => readStoredSession(localStorage));

  // A new or refreshed session re-renders every screen that reads it (all of the signed-in screen after the sign-in
  // or a branch switch): as a transition, rendered in slices that let the browser paint and handle input in between.
  // Signing out stays immediate.
  // Every session applied bumps the generation. A reload answers with the user as the server saw it when the call
  // ran: one that started before a newer session was applied (a branch switched while the reload after the sign-in
  // was still in flight) would put the old branch back on screen and in storage, so its answer is dropped.
  const generation = useRef(0);
  const apply = useCallback((next: Session) => {
    generation.current += 1;
    writeStoredSession(localStorage, next);
    setThemeColor(next.usuario.cor_primaria);
    startTransition(() => setSession(next));
  }, []);

  const signOut = useCallback(
    (to: string, how: 'logout' | 'unauthorized') => {
      if (how === 'logout') {
        clearStoredSession(localStorage);
        // The local copy's personal data leaves with the user (000 §4.6).
        syncRuntime
          .logout()
          .catch((error: unknown) => console.error('Falha ao apagar os dados pessoais locais', error));
      } else {
        clearStoredUser(localStorage);
      }
      queryClient.clear();
      setSession(null);
      void navigate(to, { replace: true });
    },
    [navigate, queryClient],
  );

  // The client reads the token from storage; a 401 on any signed-in call ends the session here. Set during render,
  // not in an effect: children's effects run before their parent's, and a screen opened by a reload (a deep link)
  // would otherwise send its first call without the token and be thrown out to the login page.
  configureApiClient({ token: storedToken, unauthorized: () => signOut('/login', 'unauthorized') });

  const reload = useCallback(async () => {
    const at = generation.current;
    const next = await fetchSession();
    if (next && generation.current === at) apply(next);
  }, [apply]);

  // The local copy and the socket follow the session (signed in, another user, another branch); a user who must
  // first choose a new password syncs nothing yet (the server answers only the change until then).
  useEffect(() => {
    syncRuntime.setSession(session && !session.usuario.solicitar_nova_senha ? session : null);
  }, [session]);

  // A user or profile changed (by this user or another one: the socket's user/permission events, or a write of the
  // user and profile registers from this tab): fresh permissions without signing in again (002 §6).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void reload();
      }, ACCESS_RELOAD_DELAY_MS);
    };
    const stopSync = syncRuntime.onAccessChange(soon);
    const stopWrites = onAccessWrite(soon);
    return () => {
      stopSync();
      stopWrites();
      if (timer !== null) clearTimeout(timer);
    };
  }, [reload]);

  // On start with a stored session: fresh permissions from the server.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void reload();
  }, [reload]);

  // Another tab signed out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && !event.newValue) signOut('/login', 'unauthorized');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signOut]);

  const login = useCallback(
    async (email: string, senha: string) => {
      const { token, usuario } = await call('login', { email, senha });
      queryClient.clear();
      apply(sessionOf(token, usuario));
      await reload();
    },
    [apply, reload, queryClient],
  );

  const switchBranch = useCallback(
    async (id_filial: number) => {
      const token = storedToken();
      if (!token) return;
      const { usuario } = await call('setActiveBranch', { id_filial });
      apply(sessionOf(token, usuario));
      await queryClient.invalidateQueries();
    },
    [apply, queryClient],
  );

  const changePassword = useCallback(
    async (senha_atual: string, nova_senha: string) => {
      const token = storedToken();
      if (!token) return;
      const { usuario } = await call('userChangePassword', { senha_atual, nova_senha });
      apply(sessionOf(token, usuario));
    },
    [apply],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      ability: abilityOf(session),
      login,
      logout: () => signOut('/', 'logout'),
      switchBranch,
      reload,
      changePassword,
    }),
    [session, login, signOut, switchBranch, reload, changePassword],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * "Login Internet Banking" (001 §2, §4 Bank login, §9): company document (CNPJ mask), operator document (CPF mask),
 * password with show/hide, Login; then the two-step view: six single-character boxes (a pasted code is spread across
 * them), a mm:ss countdown from 180 s that goes back to step one, and Enviar. The bank's error_message is shown in a
 * warning (§8). The token is then the user's on the server for 1 hour.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { BANK_MESSAGES, BANK_CODE_COUNTDOWN_S, BANK_CODE_LENGTH, bankCodeError, bankLoginError, countdownText, spreadCode } from '@pdv/domain/bank-integration';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { maskCnpj, maskCpf } from '../../../ui/masks.ts';

export const BANK_LOGIN_TITLE = 'Login Internet Banking';

interface Props { opened: boolean; onClose: () => void; onLogged: (expire: string) => void }

export function BankLoginModal({ opened, onClose, onLogged }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={BANK_LOGIN_TITLE} centered closeOnClickOutside={false}>
      {opened && <BankLoginForm onLogged={onLogged} />}
    </Modal>
  );
}

function BankLoginForm({ onLogged }: { onLogged: (expire: string) => void }) {
  const [cnpj, setCnpj] = useState('');
  const [cpf, setCpf] = useState('');
  const [senha, setSenha] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [boxes, setBoxes] = useState<string[]>(() => Array<string>(BANK_CODE_LENGTH).fill(''));
  const [left, setLeft] = useState(BANK_CODE_COUNTDOWN_S);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  // The countdown of the code: at 0 the code is no longer good, back to step one.
  useEffect(() => {
    if (challenge === null) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = BANK_CODE_COUNTDOWN_S - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        setChallenge(null);
        setBoxes(Array<string>(BANK_CODE_LENGTH).fill(''));
      }
    }, 250);
    return () => clearInterval(timer);
  }, [challenge]);
  useEffect(() => {
    if (challenge !== null) inputs.current[0]?.focus();
  }, [challenge]);

  const login = async () => {
    const invalid = bankLoginError({ cnpj, cpf, senha });
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    try {
      const r = await call('bankAuthCompany', { cnpj, cpf, senha });
      if (!r.success || !r.token) return setError(r.error_message ?? BANK_MESSAGES.bankRefused);
      setLeft(BANK_CODE_COUNTDOWN_S);
      setChallenge(r.token);
    } catch (e) {
      setError(errorDisplayOf(e).text);
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const code = boxes.join('');
    const invalid = bankCodeError(code);
    if (invalid || challenge === null) return setError(invalid);
    setBusy(true);
    setError(null);
    try {
      const r = await call('bankValidateAuthCompany', { token: challenge, data: code });
      if (!r.success || !r.tokenBankExpire) return setError(r.error_message ?? BANK_MESSAGES.bankRefused);
      onLogged(r.tokenBankExpire);
    } catch (e) {
      setError(errorDisplayOf(e).text);
    } finally {
      setBusy(false);
    }
  };

  const put = (at: number, text: string) => {
    const next = spreadCode(boxes, at, text);
    setBoxes(next);
    const filled = Math.min(BANK_CODE_LENGTH - 1, at + Math.max(1, text.replace(/[^0-9a-zA-Z]/g, '').length));
    if (text) inputs.current[filled]?.focus();
  };

  return (
    <form onSubmit={(e) => { e.preventDefault(); void (challenge === null ? login() : send()); }}>
      <Stack>
        {error && <Alert color="yellow" title="Aviso">{error}</Alert>}
        {challenge === null ? (
          <>
            <TextInput label="Documento da empresa (CNPJ)" value={cnpj} onChange={(e) => setCnpj(maskCnpj(e.currentTarget.value))} data-autofocus autoComplete="off" />
            <TextInput label="Documento do operador (CPF)" value={cpf} onChange={(e) => setCpf(maskCpf(e.currentTarget.value))} autoComplete="off" />
            <PasswordInput label="Senha" value={senha} onChange={(e) => setSenha(e.currentTarget.value)} autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }} />
            <Group justify="flex-end"><Button type="submit" loading={busy}>Login</Button></Group>
          </>
        ) : (
          <>
            <Text>Informe o código de {BANK_CODE_LENGTH} caracteres enviado pelo banco.</Text>
            <Group gap="xs" justify="center" role="group" aria-label="Código de verificação">
              {boxes.map((c, i) => (
                <TextInput
                  key={i}
                  ref={(el) => { inputs.current[i] = el; }}
                  aria-label={`Dígito ${i + 1} do código`}
                  value={c}
                  w={44}
                  styles={{ input: { textAlign: 'center', fontSize: 20 } }}
                  maxLength={BANK_CODE_LENGTH}
                  onPaste={(e) => { e.preventDefault(); put(i, e.clipboardData.getData('text')); }}
                  onChange={(e) => put(i, e.currentTarget.value.slice(-1))}
                  onKeyDown={(e) => {
                    if (e.key === 'Backspace' && !boxes[i] && i > 0) inputs.current[i - 1]?.focus();
                  }}
                />
              ))}
            </Group>
            <Text ta="center" role="timer" aria-label="Tempo restante">{countdownText(left)}</Text>
            <Group justify="flex-end"><Button type="submit" loading={busy}>Enviar</Button></Group>
          </>
        )}
      </Stack>
    </form>
  );
}

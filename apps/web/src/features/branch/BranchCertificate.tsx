/**
 * The branch's A1 certificate (.pfx/.p12) with its password: sent once to the server, which opens it, refuses a wrong
 * password, an expired certificate or another company's, and keeps it (never sent back). Shown: the holder and the
 * expiry date, with a warning within 30 days.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { formatCpfCnpj } from '@pdv/domain/documents';
import type { ResultOf } from '@pdv/contract/routes';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { toast } from '../../ui/toast.ts';
import { certificateExpiry, expiryWarning } from './certificate-expiry.ts';
import { fileToBase64, refusalText } from './files.ts';

type Certificate = ResultOf<'branchCertificateGet'>['certificado'];

export function BranchCertificate({ id_filial, readOnly }: { id_filial: number; readOnly: boolean }) {
  const [cert, setCert] = useState<Certificate>(null);
  const [file, setFile] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    call('branchCertificateGet', { id_filial }, { loading: false })
      .then((res) => live && setCert(res.certificado))
      .catch((e: unknown) => live && setError(errorDisplayOf(e).text));
    return () => {
      live = false;
    };
  }, [id_filial]);

  const upload = async () => {
    if (!file) {
      setError('Selecione o arquivo do certificado (.pfx ou .p12).');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await call('branchCertificateUpload', { id_filial, arquivo_base64: await fileToBase64(file), senha });
      setCert(res.certificado);
      setFile(null);
      setSenha('');
      toast.success('Certificado digital salvo.');
    } catch (e) {
      setError(refusalText(errorDisplayOf(e)));
    } finally {
      setBusy(false);
    }
  };

  const expiry = cert?.validade ? certificateExpiry(cert.validade) : null;
  const warning = expiry ? expiryWarning(expiry) : null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>Certificado digital A1</Text>
        {cert ? (
          <Stack gap={2} aria-label="Certificado atual">
            <Text size="sm">
              <b>Titular:</b> {cert.titular}
            </Text>
            {cert.cnpj && (
              <Text size="sm">
                <b>CNPJ:</b> {formatCpfCnpj(cert.cnpj)}
              </Text>
            )}
            {expiry && (
              <Text size="sm">
                <b>Validade:</b> {expiry.date}
              </Text>
            )}
            {warning && (
              <Alert color={expiry?.state === 'expired' ? 'red' : 'yellow'} variant="light" role="status">
                {warning}
              </Alert>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">Nenhum certificado enviado.</Text>
        )}
        {!readOnly && (
          <Group align="flex-end">
            <FileInput
              label={cert ? 'Novo certificado (.pfx ou .p12)' : 'Arquivo do certificado (.pfx ou .p12)'}
              placeholder="Selecione o arquivo"
              accept=".pfx,.p12,application/x-pkcs12"
              value={file}
              onChange={setFile}
              clearable
              w={320}
            />
            <PasswordInput label="Senha do certificado" value={senha} onChange={(e) => setSenha(e.currentTarget.value)} w={220} />
            <Button variant="light" loading={busy} onClick={() => void upload()}>
              Enviar certificado
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

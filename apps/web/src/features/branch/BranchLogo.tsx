/**
 * The branch's logo: shown from the server (POST /branch/logo/get, an authenticated call: the image travels as
 * base64), replaced by a PNG, JPEG or WebP file (the server checks its bytes and its size, 512 KB) or removed.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { ResultOf } from '@pdv/contract/routes';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { toast } from '../../ui/toast.ts';
import { fileToBase64, refusalText, sizeLabel } from './files.ts';

type Logo = ResultOf<'branchLogoGet'>['logo'];

export function BranchLogo({ id_filial, readOnly }: { id_filial: number; readOnly: boolean }) {
  const [logo, setLogo] = useState<Logo>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    call('branchLogoGet', { id_filial }, { loading: false })
      .then((res) => live && setLogo(res.logo))
      .catch((e: unknown) => live && setError(errorDisplayOf(e).text));
    return () => {
      live = false;
    };
  }, [id_filial]);

  const run = async (action: () => Promise<ResultOf<'branchLogoGet'>>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      setLogo((await action()).logo);
      toast.success(done);
    } catch (e) {
      setError(refusalText(errorDisplayOf(e)));
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    void run(async () => call('branchLogoSave', { id_filial, arquivo_base64: await fileToBase64(file) }), 'Logotipo salvo.');
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>Logotipo</Text>
        {logo ? (
          <Group align="flex-start">
            <Image src={`data:${logo.tipo};base64,${logo.base64}`} alt="Logotipo da filial" h={96} w="auto" fit="contain" radius="sm" />
            <Text size="sm" c="dimmed">{`${logo.tipo.replace('image/', '').toUpperCase()}, ${sizeLabel(logo.tamanho)}`}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">Nenhum logotipo enviado.</Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button {...props} variant="light" loading={busy}>
                  {logo ? 'Trocar logotipo' : 'Enviar logotipo'}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button variant="subtle" color="red" disabled={busy} onClick={() => void run(() => call('branchLogoRemove', { id_filial }), 'Logotipo removido.')}>
                Remover
              </Button>
            )}
            <Text size="xs" c="dimmed">PNG, JPEG ou WebP, até 512 KB.</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Galeria (issue 20; 001 §7 post_product_image, product_galery/*): the product's images in order, the first being
 * the main one. Add (JPEG, PNG, WebP or GIF up to 5 MB: checked here before sending and by the server on the bytes),
 * move left or right, make main, delete. Thumbnails come from the server (resized there).
 */
import { ActionIcon, Badge, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { GalleryImage } from '@pdv/contract/product-tabs';
import { GALLERY_MAX_BYTES, GALLERY_SIZE_MESSAGES, PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import { call } from '../../../api/client.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { fileToBase64, sizeLabel } from '../../branch/files.ts';
import { TabError } from './TabError.tsx';
import { useTabCall } from './useTabCall.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export function GaleriaTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productGaleryFind', { id_produto }, String(id_produto));
  const rows: GalleryImage[] = tab.data?.rows ? [...tab.data.rows] : [];

  const upload = async (files: File[]) => {
    for (const file of files) {
      if (!ACCEPT.split(',').includes(file.type)) {
        tab.setError(M.imageNotImage(file.name));
        return;
      }
      if (file.size > GALLERY_MAX_BYTES) {
        tab.setError(GALLERY_SIZE_MESSAGES.imageOver5Mb);
        return;
      }
      const ok = await tab.run(
        async () => call('productGaleryCreate', { id_produto, nome: file.name, mime: file.type, image: await fileToBase64(file) }),
        files.length === 1 ? 'Imagem adicionada.' : null,
        (r) => r,
      );
      if (!ok) return;
    }
    if (files.length > 1) tab.reload();
  };

  const move = (img: GalleryImage, ordem: number, done: string) =>
    void tab.run(() => call('productGaleryUpdate', { id_produto_galeria: img.id_produto_galeria, ordem }), done, (r) => r);

  const remove = async (img: GalleryImage) => {
    if (!(await confirm(`Excluir a imagem ${img.nome}?`))) return;
    await tab.run(() => call('productGaleryDelete', { id_produto_galeria: img.id_produto_galeria }), 'Imagem excluída.', (r) => r);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">A primeira imagem é a principal do produto. JPEG, PNG, WebP ou GIF, até 5 MB cada.</Text>
        {!readOnly && (
          <FileButton onChange={(f) => void upload(f)} accept={ACCEPT} multiple>
            {(props) => <Button {...props} loading={tab.busy}>Adicionar imagens</Button>}
          </FileButton>
        )}
      </Group>
      <TabError error={tab.error} />
      {tab.data && rows.length === 0 && <Text c="dimmed">Nenhuma imagem na galeria.</Text>}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {rows.map((img) => (
          <Card key={img.id_produto_galeria} withBorder padding="xs" aria-label={`Imagem ${img.ordem}: ${img.nome}`}>
            <Card.Section>
              <Image src={img.url_miniatura} alt={img.nome} h={140} fit="contain" bg="gray.0" />
            </Card.Section>
            <Group justify="space-between" mt={6} wrap="nowrap">
              <Text size="sm" truncate title={img.nome}>{img.nome}</Text>
              {img.ordem === 1 ? <Badge size="sm">Principal</Badge> : <Badge size="sm" variant="light" color="gray">{img.ordem}</Badge>}
            </Group>
            <Text size="xs" c="dimmed">
              {[img.largura && img.altura ? `${img.largura}×${img.altura}` : null, sizeLabel(img.tamanho)].filter(Boolean).join(' · ')}
            </Text>
            {!readOnly && (
              <Group gap={4} mt={6} wrap="nowrap">
                <Tooltip label="Mover para a esquerda">
                  <ActionIcon variant="subtle" aria-label="Mover para a esquerda" disabled={tab.busy || img.ordem === 1}
                    onClick={() => move(img, img.ordem - 1, 'Ordem alterada.')}>←</ActionIcon>
                </Tooltip>
                <Tooltip label="Mover para a direita">
                  <ActionIcon variant="subtle" aria-label="Mover para a direita" disabled={tab.busy || img.ordem === rows.length}
                    onClick={() => move(img, img.ordem + 1, 'Ordem alterada.')}>→</ActionIcon>
                </Tooltip>
                {img.ordem !== 1 && (
                  <Button size="compact-xs" variant="subtle" disabled={tab.busy} onClick={() => move(img, 1, 'Imagem principal alterada.')}>
                    Tornar principal
                  </Button>
                )}
                <Button size="compact-xs" variant="subtle" color="red" ml="auto" disabled={tab.busy} onClick={() => void remove(img)}>
                  Excluir
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Objetos: what the customer left for service (000 §3.6: description, brand, model, serial number, reported defect,
 * notes) with its images: JPEG, PNG or WebP up to 700 KB each, checked here before sending with the server's texts,
 * shown as thumbnails (click to enlarge) and deleted one by one.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { OBJECT_IMAGE_TYPES, type OrderObject, type OrderObjectImage } from '@pdv/contract/order-service';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { ErrorList, LineForm } from '../../register-lines/LineForm.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import {
  EMPTY_OBJECT,
  bytesToBase64,
  formatSize,
  imageFileError,
  objectBody,
  objectFormErrors,
  objectFormOf,
} from '../service-order.ts';

interface Props {
  order: OrderFull;
  editable: boolean;
  onSaved: (order: OrderFull) => void;
}

export function ObjectsTab({ order, editable, onSaved }: Props) {
  const {
    form,
    editing,
    errors,
    busy,
    set,
    reset,
    edit: editObject,
    save,
  } = useLineForm(EMPTY_OBJECT, objectFormErrors);
  const objects = order.objetos ?? [];

  const submit = () =>
    save(async (values, id) => onSaved(await call('orderObjectSave', objectBody(values, order.id_pedido, id))));

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm
          label="Objeto"
          onSubmit={submit}
          errors={errors}
          busy={busy}
          submitLabel={editing === null ? 'Adicionar objeto' : 'Salvar objeto'}
          onCancel={editing === null ? undefined : reset}
        >
          <Grid gap="xs">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <TextInput
                label="Objeto"
                placeholder="Celular, relógio, notebook..."
                value={form.descricao}
                onChange={set('descricao')}
                maxLength={200}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2.5 }}>
              <TextInput label="Marca" value={form.marca} onChange={set('marca')} maxLength={100} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2.5 }}>
              <TextInput label="Modelo" value={form.modelo} onChange={set('modelo')} maxLength={100} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <TextInput
                label="Número de série"
                value={form.numero_serie}
                onChange={set('numero_serie')}
                maxLength={100}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Textarea
                label="Defeito relatado"
                value={form.defeito_relatado}
                onChange={set('defeito_relatado')}
                maxLength={2000}
                autosize
                minRows={1}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Textarea
                label="Observação"
                value={form.observacao}
                onChange={set('observacao')}
                maxLength={2000}
                autosize
                minRows={1}
              />
            </Grid.Col>
          </Grid>
        </LineForm>
      )}
      {objects.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          Nenhum objeto.
        </Text>
      )}
      {objects.map((object) => (
        <ObjectCard
          key={object.id_pedido_objeto}
          object={object}
          editable={editable}
          onEdit={() => {
            editObject(object.id_pedido_objeto, objectFormOf(object));
          }}
          onSaved={(next) => {
            if (
              editing === object.id_pedido_objeto &&
              !(next.objetos ?? []).some((o) => o.id_pedido_objeto === editing)
            )
              reset();
            onSaved(next);
          }}
        />
      ))}
    </Stack>
  );
}

function ObjectCard({
  object,
  editable,
  onEdit,
  onSaved,
}: {
  object: OrderObject;
  editable: boolean;
  onEdit: () => void;
  onSaved: (order: OrderFull) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const details = [
    object.marca && `Marca: ${object.marca}`,
    object.modelo && `Modelo: ${object.modelo}`,
    object.numero_serie && `Série: ${object.numero_serie}`,
  ].filter(Boolean);

  const upload = async (files: File[]) => {
    const refused = files.map(imageFileError).filter((e): e is string => e !== null);
    if (refused.length > 0) return setErrors(refused);
    setUploading(true);
    setErrors([]);
    try {
      let saved: OrderFull | null = null;
      // One call per image: each body stays well under the server's 1 MB.
      for (const file of files) {
        const image = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
        saved = await call('orderObjectSaveImages', {
          id_pedido_objeto: object.id_pedido_objeto,
          list_images: [{ nome: file.name, mime: file.type, image }],
        });
        onSaved(saved);
      }
    } catch (error) {
      const { text, details: list } = errorDisplayOf(error);
      setErrors(list.length > 0 ? list : [text]);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const removeObject = async () => {
    if (!(await confirm(`Remover ${object.descricao} e as suas imagens?`, 'Remover objeto'))) return;
    try {
      onSaved(await call('orderObjectDelete', { id_pedido_objeto: object.id_pedido_objeto }));
    } catch (error) {
      setErrors([errorDisplayOf(error).text]);
    }
  };
  const removeImage = async (image: OrderObjectImage) => {
    if (!(await confirm(`Excluir a imagem ${image.nome}?`, 'Excluir imagem'))) return;
    try {
      onSaved(await call('orderObjectDeleteImage', { id_pedido_objeto_imagem: image.id_pedido_objeto_imagem }));
    } catch (error) {
      setErrors([errorDisplayOf(error).text]);
    }
  };

  return (
    <Card withBorder padding="sm" aria-label={`Objeto ${object.descricao}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{object.descricao}</Text>
            {details.length > 0 && (
              <Text size="sm" c="dimmed">
                {details.join(' · ')}
              </Text>
            )}
            {object.defeito_relatado && <Text size="sm">Defeito relatado: {object.defeito_relatado}</Text>}
            {object.observacao && (
              <Text size="sm" c="dimmed">
                {object.observacao}
              </Text>
            )}
          </Stack>
          {editable && (
            <Group gap="xs" wrap="nowrap">
              <input
                ref={input}
                type="file"
                hidden
                multiple
                accept={OBJECT_IMAGE_TYPES.join(',')}
                aria-label={`Imagens de ${object.descricao}`}
                onChange={(e) => void upload([...(e.currentTarget.files ?? [])])}
              />
              <Button size="xs" variant="light" loading={uploading} onClick={() => input.current?.click()}>
                Adicionar imagens
              </Button>
              <Button size="xs" variant="default" onClick={onEdit}>
                Editar
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void removeObject()}>
                Remover
              </Button>
            </Group>
          )}
        </Group>
        <ErrorList errors={errors} />
        <Group gap="sm" aria-label={`Miniaturas de ${object.descricao}`}>
          {object.imagens.map((image) => (
            <Thumbnail
              key={image.id_pedido_objeto_imagem}
              image={image}
              editable={editable}
              onDelete={() => void removeImage(image)}
            />
          ))}
          {object.imagens.length === 0 && (
            <Text size="xs" c="dimmed">
              Sem imagens. JPEG, PNG ou WebP de até 700 KB.
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Thumbnail({
  image,
  editable,
  onDelete,
}: {
  image: OrderObjectImage;
  editable: boolean;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['order-object-image', image.id_pedido_objeto_imagem],
    queryFn: ({ signal }) =>
      call('orderObjectImage', { id_pedido_objeto_imagem: image.id_pedido_objeto_imagem }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const src = query.data ? `data:${query.data.mime};base64,${query.data.image}` : null;
  return (
    <Stack gap={2} align="center" w={104}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Ampliar ${image.nome}`}
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          padding: 0,
          background: 'none',
          cursor: 'zoom-in',
        }}
      >
        {src ? (
          <Image src={src} alt={image.nome} w={96} h={96} fit="cover" radius="sm" />
        ) : (
          <Group w={96} h={96} justify="center">
            {query.isError ? <Badge color="red">Erro</Badge> : <Loader size="sm" />}
          </Group>
        )}
      </button>
      <Group gap={2} wrap="nowrap" maw={104}>
        <Text size="xs" truncate maw={editable ? 76 : 104} title={`${image.nome} (${formatSize(image.tamanho)})`}>
          {image.nome}
        </Text>
        {editable && (
          <ActionIcon size="xs" variant="subtle" color="red" aria-label={`Excluir ${image.nome}`} onClick={onDelete}>
            ×
          </ActionIcon>
        )}
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={image.nome} size="lg">
        {src && <Image src={src} alt={image.nome} fit="contain" mah="70vh" />}
      </Modal>
    </Stack>
  );
}

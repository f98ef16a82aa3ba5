/**
 * The share modal of an order's PDF: WhatsApp (wa.me with the customer's phone, editable), e-mail (mailto: with the
 * customer's e-mail), the device share sheet when the browser has one (navigator.share), copy the link, open the PDF.
 * Every action is a button or link in tab order with its Alt key beside it.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Anchor, Button, Group, Kbd, Paper, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { OrderPdfResult } from '@pdv/contract/order-document';
import { toast } from '../../../ui/toast.ts';
import { absoluteUrl, mailtoLink, shareContent, whatsappLink, whatsappPhone } from './share.ts';

let sequence = 0;

export function openShareModal(result: OrderPdfResult): void {
  sequence += 1;
  const modalId = `share-${sequence}`;
  const content = shareContent(result, absoluteUrl(result.url_pdf, window.location.origin));
  modals.open({
    modalId,
    title: `Compartilhar ${content.title}`,
    centered: true,
    size: 'lg',
    children: <SharePanel result={result} content={content} onClose={() => modals.close(modalId)} />,
  });
}

const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

function KeyLink({ href, keys, children, label }: { href: string; keys: string; children: ReactNode; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      aria-label={label}
      aria-keyshortcuts={keys}
      rightSection={<Kbd size="xs">{keys}</Kbd>}
    >
      {children}
    </Button>
  );
}

function SharePanel({ result, content, onClose }: { result: OrderPdfResult; content: ReturnType<typeof shareContent>; onClose: () => void }) {
  const [phone, setPhone] = useState(result.cliente?.telefone ?? '');
  const [email, setEmail] = useState(result.cliente?.email ?? '');
  const whatsapp = whatsappLink(phone, content.text);
  const mailto = mailtoLink(email, content.title, content.text);
  const phoneError = phone.trim() !== '' && whatsappPhone(phone) === null ? 'Informe DDD e número.' : null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content.url);
      toast.success('Link copiado.');
    } catch {
      toast.error('Não foi possível copiar o link.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: content.title, text: content.text, url: content.url });
    } catch (error) {
      // Closing the share sheet is not an error.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error('Não foi possível compartilhar.');
    }
  };
  const open = (href: string) => window.open(href, '_blank', 'noopener');
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey) return;
    const key = event.code;
    const action =
      key === 'KeyW' ? () => open(whatsapp)
      : key === 'KeyM' ? () => open(mailto)
      : key === 'KeyC' ? () => void copy()
      : key === 'KeyO' ? () => open(content.url)
      : key === 'KeyS' && canShareNatively() ? () => void share()
      : null;
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} aria-label="Mensagem">
          {content.text}
        </Text>
      </Paper>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="Celular (WhatsApp)"
          placeholder="(11) 98765-4321"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !phoneError) open(whatsapp);
          }}
          error={phoneError}
          style={{ flex: 1 }}
          data-autofocus
        />
        <KeyLink href={whatsapp} keys="Alt+W" label="Enviar pelo WhatsApp">
          WhatsApp
        </KeyLink>
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="E-mail"
          type="email"
          placeholder="cliente@exemplo.com.br"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <KeyLink href={mailto} keys="Alt+M" label="Enviar por e-mail">
          E-mail
        </KeyLink>
      </Group>
      <Group justify="space-between">
        <Group gap="xs">
          {canShareNatively() && (
            <Button variant="light" onClick={() => void share()} rightSection={<Kbd size="xs">Alt+S</Kbd>} aria-keyshortcuts="Alt+S">
              Mais opções…
            </Button>
          )}
          <Button variant="default" onClick={() => void copy()} rightSection={<Kbd size="xs">Alt+C</Kbd>} aria-keyshortcuts="Alt+C">
            Copiar link
          </Button>
          <Anchor href={content.url} target="_blank" rel="noopener noreferrer" size="sm" aria-keyshortcuts="Alt+O">
            Abrir PDF <Kbd size="xs">Alt+O</Kbd>
          </Anchor>
        </Group>
        <Button variant="default" onClick={onClose} rightSection={<Kbd size="xs">Esc</Kbd>}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}

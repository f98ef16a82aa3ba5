import { useState } from 'react';
import { Link } from 'react-router';
import { AppShell, Box, Burger, Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { device } from '@pdv/contract/registers/device';
import { useSignedIn } from '../auth/sessionContext.ts';
import { PrintersModal } from '../peripherals/PeripheralModals.tsx';
import { ConnectionDot, ConnectionStatus } from '../sync/ConnectionStatus.tsx';
import { BranchSelect } from './BranchSelect.tsx';
import { MainSearch } from './mainSearch/MainSearch.tsx';

interface AppHeaderProps {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function AppHeader({ mobileOpened, onToggleMobile, collapsed, onToggleCollapsed }: AppHeaderProps) {
  const { session, logout, ability } = useSignedIn();
  const { usuario } = session;
  const [printers, setPrinters] = useState(false);
  // The printers are chosen among the branch's devices (their register's read permission).
  const canChoosePrinters = ability.can('read', device.permission);
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={mobileOpened}
            onClick={onToggleMobile}
            hiddenFrom="sm"
            size="sm"
            aria-label={mobileOpened ? 'Fechar menu' : 'Abrir menu'}
          />
          <Burger
            opened={false}
            onClick={onToggleCollapsed}
            visibleFrom="sm"
            size="sm"
            aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
            aria-expanded={!collapsed}
          />
          <UnstyledButton component={Link} to="/" aria-label="PDV, início">
            <Group gap={8} wrap="nowrap">
              <ConnectionDot>
                <Image src="/icon.svg" alt="" w={28} h={28} />
              </ConnectionDot>
              <Text fw={700} size="lg">
                PDV
              </Text>
            </Group>
          </UnstyledButton>
          <Box visibleFrom="sm" ml="md">
            <MainSearch />
          </Box>
        </Group>
        <Group gap="md" wrap="nowrap">
          <ConnectionStatus />
          <BranchSelect />
          {canChoosePrinters && (
            <>
              <Button variant="subtle" size="sm" visibleFrom="sm" onClick={() => setPrinters(true)}>
                Impressoras
              </Button>
              <PrintersModal id_filial={usuario.id_filial_ativa} opened={printers} onClose={() => setPrinters(false)} />
            </>
          )}
          <Stack gap={0} visibleFrom="md" maw={220}>
            <Text size="sm" fw={600} truncate="end">
              {usuario.nome}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {usuario.empresa.nome_fantasia ?? usuario.empresa.razao_social}
            </Text>
          </Stack>
          <Button variant="default" size="sm" onClick={logout}>
            Sair
          </Button>
        </Group>
      </Group>
    </AppShell.Header>
  );
}

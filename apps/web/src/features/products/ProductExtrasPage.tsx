/**
 * /product/extras/:id: the product register's own tabs (tabs/) on one page, until the register's page
 * (/product/register/:id) mounts them among its tabs. Each tab loads and saves through its own routes.
 */
import { Tabs, Title, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../auth/sessionContext.ts';
import { PRODUCT_EXTRA_TABS } from './tabs/index.ts';

export function ProductExtrasPage() {
  const id_produto = Number(useParams()['id']);
  const { ability } = useSession();
  const readOnly = !ability.can('manage', 'FncListarProduto');
  if (!Number.isInteger(id_produto) || id_produto <= 0) return <Title order={3}>Produto não encontrado.</Title>;
  return (
    <Stack p="md">
      <Title order={3}>{`Produto ${id_produto}`}</Title>
      <Tabs defaultValue={PRODUCT_EXTRA_TABS[0]!.key} keepMounted={false}>
        <Tabs.List>
          {PRODUCT_EXTRA_TABS.map((t) => <Tabs.Tab key={t.key} value={t.key}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
        {PRODUCT_EXTRA_TABS.map(({ key, Component }) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <Component id_produto={id_produto} readOnly={readOnly} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

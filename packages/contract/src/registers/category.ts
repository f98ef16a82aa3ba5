/**
 * Category (002 §3 Catalogues; 002 §2 'category (side panel plus tree)', titles 'Editar Categoria' / 'Nova Categoria';
 * 002 §9 page 10). A tree: id_categoria_pai names the parent; referencia_exibicao ('1.2.3') and ordem_arvore (the same
 * path zero-padded, the list's sort) are the database's (migration 026), so the list shows each category under its
 * parent. A parent cannot become its own descendant, and two live categories under one parent do not share a name
 * (register-hooks: category).
 */
import type { RegisterDescriptor } from './descriptor.ts';

export const category = {
  name: 'category',
  path: '/category',
  table: 'categoria',
  id: 'id_categoria',
  label: { singular: 'Categoria', plural: 'Categorias', feminine: true },
  permission: 'FncListarCategoria',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    referencia_exibicao: { kind: 'text', label: 'Referência', max: 200, list: true, computed: true },
    id_categoria_pai: { kind: 'ref', ref: 'category', label: 'Categoria pai', filter: true },
    tipo: { kind: 'text', label: 'Tipo', max: 50, list: true },
    permitir_lancamento: { kind: 'boolean', label: 'Permitir lançamento', default: true },
    logo: { kind: 'text', label: 'Logo (endereço da imagem)', max: 500 },
    ordem_arvore: { kind: 'text', label: 'Ordem na árvore', max: 1000, computed: true },
  },
  situacao: true,
  isPadrao: true,
  list: { pageSize: 10, sort: { column: 'ordem_arvore', order: 'ASC' } },
  titles: { edit: 'Editar Categoria', create: 'Nova Categoria' },
  screen: { path: '/categories', form: 'panel' },
} as const satisfies RegisterDescriptor;

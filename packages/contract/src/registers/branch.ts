/**
 * Branch (002 §3 Branch, §2 Company menu /branch, FncListarFilial). The address's cidade and uf are the IBGE city's
 * (the server fills them from id_cidade: a client's name is never trusted); the logo, the A1 certificate and the
 * e-mail accounts have routes of their own (contract/branch.ts). id_negocio and id_pessoa link the branch to records
 * no register edits yet and are left out of the form.
 */
import { z } from 'zod';
import { fieldSchema, type RegisterDescriptor } from './descriptor.ts';

export const branch = {
  name: 'branch',
  path: '/branch',
  table: 'filial',
  id: 'id_filial',
  label: { singular: 'Filial', plural: 'Filiais', feminine: true },
  permission: 'FncListarFilial',
  scope: 'organization',
  fields: {
    codigo_filial: { kind: 'text', label: 'Código', required: true, max: 20, list: true, search: true, unique: true },
    cnpj: { kind: 'cnpj', label: 'CNPJ', required: true, list: true, search: true },
    razao_social: { kind: 'text', label: 'Razão social', required: true, max: 150, list: true, search: true },
    nome_fantasia: { kind: 'text', label: 'Nome fantasia', max: 150, list: true, search: true },
    apelido: { kind: 'text', label: 'Apelido', max: 60 },
    ie: { kind: 'text', label: 'Inscrição estadual', max: 20 },
    im: { kind: 'text', label: 'Inscrição municipal', max: 20 },
    email: { kind: 'email', label: 'E-mail', max: 150 },
    telefone: { kind: 'phone', label: 'Telefone' },
    celular: { kind: 'phone', label: 'Celular' },
    // A price table is not a register yet: its id, checked by the branch's hooks (a ref once it is one).
    id_tabela_preco_padrao: { kind: 'integer', label: 'Tabela de preço padrão (código)', min: 1 },
    termo_aceito: { kind: 'boolean', label: 'Termo de uso aceito', default: false },
  },
  situacao: true,
  groups: ['Geral'],
  /**
   * The address (002 §3 Branch, Address): members of the body and of the answers of find_by_id, create and update,
   * written by the branch's server hooks (modules/branch/hooks.ts) and edited in the form's Endereço tab with the IBGE
   * city picker. cidade and uf are answered, never taken: the server fills them from id_cidade.
   */
  extra: {
    cep: fieldSchema({ kind: 'cep', label: 'CEP' }).optional(),
    endereco: fieldSchema({ kind: 'text', label: 'Endereço', max: 150 }).optional(),
    numero: fieldSchema({ kind: 'text', label: 'Número', max: 20 }).optional(),
    complemento: fieldSchema({ kind: 'text', label: 'Complemento', max: 100 }).optional(),
    bairro: fieldSchema({ kind: 'text', label: 'Bairro', max: 100 }).optional(),
    id_cidade: fieldSchema({ kind: 'ref', label: 'Cidade', ref: 'city' }).optional(),
    cidade: z.string().max(100).nullable().optional(),
    uf: z.string().max(2).nullable().optional(),
  },
  list: { pageSize: 20, sort: { column: 'codigo_filial', order: 'ASC' } },
  syncGroup: 'branch',
  screen: { path: '/branch', form: 'page' },
} as const satisfies RegisterDescriptor;

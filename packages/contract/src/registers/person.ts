/**
 * Person (002 §3 Person, §2 /people and /people/register, FncListarPessoa; 002 §9 page 20, id_pessoa asc): customers,
 * suppliers, final consumers, accountants, carriers, card operators, doctors and laboratories in one register, with
 * their addresses (`enderecos`, exactly one main, 'Endereço Padrão' by default), branches (`filiais`: none means every
 * branch), fiscal data (CPF or CNPJ, alphanumeric CNPJ too; IE checked per the main address's state with the IE
 * indicator), classification, default price table and seller, and the credit rules the point of sale and POST
 * /api/operacao apply to a sale on credit (credit-rules.ts customerCreditError).
 *
 * Synced to the point of sale by the hand-written 'people' group (sync.ts): its rows carry the main address and the
 * open receivables, so the credit rules hold offline. The rules across fields are packages/domain/src/person.ts; the
 * server's hooks (modules/people/hooks.ts) refuse a CPF or CNPJ another person of the organization has, check the IE
 * against the stored addresses and write the children.
 */
import { z } from 'zod';
import { personIssues } from '@pdv/domain/person';
import { fieldSchema, type RegisterDescriptor } from './descriptor.ts';
import { IE_INDICATOR_LABELS, REGIME_LABELS } from './labels.ts';

const text = (label: string, max: number) => fieldSchema({ kind: 'text', label, max }).optional();

/** One address of the person (002 §3 Person, Address); is_excluido removes a stored one. */
export const personAddress = z
  .object({
    id_pessoa_endereco: z.number().int().positive().optional(),
    tipo: text('Tipo do endereço', 30),
    descricao: text('Descrição do endereço', 60),
    is_principal: z.boolean({ error: 'Principal deve ser verdadeiro ou falso.' }).optional(),
    nome: text('Nome do contato', 100),
    cep: fieldSchema({ kind: 'cep', label: 'CEP' }).optional(),
    endereco: text('Endereço', 150),
    numero: text('Número', 20),
    complemento: text('Complemento', 100),
    bairro: text('Bairro', 100),
    cidade: text('Cidade', 100),
    uf: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), { error: 'UF inválida.' })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    telefone: fieldSchema({ kind: 'phone', label: 'Telefone do endereço' }).optional(),
    is_excluido: z.boolean().optional(),
  })
  .strict();
export type PersonAddress = z.infer<typeof personAddress>;

export const person = {
  name: 'person',
  path: '/people',
  table: 'pessoa',
  id: 'id_pessoa',
  label: { singular: 'Pessoa', plural: 'Pessoas', feminine: true },
  permission: 'FncListarPessoa',
  scope: 'organization',
  fields: {
    tipo: { kind: 'enum', label: 'Tipo (F física, J jurídica)', values: ['F', 'J'], default: 'F', list: true, filter: true },
    nome: { kind: 'text', label: 'Nome', required: true, max: 150, list: true, search: true },
    apelido: { kind: 'text', label: 'Apelido / nome fantasia', max: 150, list: true, search: true },
    cpf: { kind: 'cpf', label: 'CPF', list: true, search: true },
    cnpj: { kind: 'cnpj', label: 'CNPJ', list: true, search: true, examples: [null] },
    rg: { kind: 'text', label: 'RG', max: 20 },
    data_nascimento: { kind: 'date', label: 'Data de nascimento' },
    genero: { kind: 'enum', label: 'Gênero', values: ['Masculino', 'Feminino', 'Outro'] },
    is_cliente: { kind: 'boolean', label: 'Cliente', default: false, filter: true, group: 'Tipo e classificação' },
    is_fornecedor: { kind: 'boolean', label: 'Fornecedor', default: false, filter: true, group: 'Tipo e classificação' },
    is_consumidor_final: { kind: 'boolean', label: 'Consumidor final', default: false, filter: true, group: 'Tipo e classificação' },
    is_transportadora: { kind: 'boolean', label: 'Transportadora', default: false, filter: true, group: 'Tipo e classificação' },
    is_operadora_cartao: { kind: 'boolean', label: 'Operadora de cartão', default: false, filter: true, group: 'Tipo e classificação' },
    is_contador: { kind: 'boolean', label: 'Contador', default: false, filter: true, group: 'Tipo e classificação' },
    is_medico: { kind: 'boolean', label: 'Médico', default: false, filter: true, group: 'Tipo e classificação' },
    is_laboratorio: { kind: 'boolean', label: 'Laboratório', default: false, filter: true, group: 'Tipo e classificação' },
    id_classificacao: { kind: 'ref', label: 'Classificação', ref: 'classification', filter: true, group: 'Tipo e classificação' },
    // A price table is not a register yet: its id, checked by the person's hooks (a ref once it is one).
    id_tabela_preco_padrao: { kind: 'integer', label: 'Tabela de preço padrão (código)', min: 1, examples: [null], group: 'Tipo e classificação' },
    id_usuario_vendedor_padrao: { kind: 'ref', label: 'Vendedor padrão', ref: 'user', group: 'Tipo e classificação' },
    telefone: { kind: 'phone', label: 'Telefone', list: true, group: 'Contato' },
    celular: { kind: 'phone', label: 'Celular', group: 'Contato' },
    email: { kind: 'email', label: 'E-mail', max: 150, search: true, group: 'Contato' },
    facebook: { kind: 'text', label: 'Facebook', max: 150, group: 'Contato' },
    instagram: { kind: 'text', label: 'Instagram', max: 150, group: 'Contato' },
    twitter: { kind: 'text', label: 'Twitter', max: 150, group: 'Contato' },
    indicador_ie: {
      kind: 'integer', label: 'Indicador de IE', options: IE_INDICATOR_LABELS, min: 1, maxValue: 9, default: 9,
      examples: [9], group: 'Fiscal',
    },
    ie: { kind: 'text', label: 'Inscrição estadual', max: 20, group: 'Fiscal' },
    regime_tributario: { kind: 'integer', label: 'Regime tributário', options: REGIME_LABELS, min: 1, maxValue: 4, group: 'Fiscal' },
    id_pais: { kind: 'integer', label: 'País (código BACEN/IBGE)', min: 1, maxValue: 9999, default: 55, examples: [55], group: 'Fiscal' },
    crc_contador: { kind: 'text', label: 'CRC do contador', max: 20, group: 'Fiscal' },
    cnpj_contador: { kind: 'cnpj', label: 'CNPJ do contador', group: 'Fiscal' },
    bloquear_venda_saldo_vencido: { kind: 'boolean', label: 'Bloquear venda a prazo com saldo vencido', default: false, group: 'Crédito' },
    bloquear_venda_sem_saldo: { kind: 'boolean', label: 'Bloquear venda a prazo sem saldo de crédito', default: false, group: 'Crédito' },
    valor_devedor_maximo: { kind: 'money', label: 'Valor devedor máximo', group: 'Crédito' },
    valor_vencido_maximo: { kind: 'money', label: 'Valor vencido máximo', group: 'Crédito' },
    observacao: { kind: 'text', label: 'Observação', max: 1000, group: 'Crédito' },
  },
  situacao: true,
  groups: ['Geral', 'Tipo e classificação', 'Contato', 'Fiscal', 'Crédito'],
  extra: {
    enderecos: z.array(personAddress, { error: 'enderecos deve ser uma lista de endereços.' }).max(50).optional(),
    // The branches the person is registered in (pessoa_filial); an empty list: every branch.
    filiais: z.array(z.number().int().positive(), { error: 'filiais deve ser uma lista de filiais.' }).max(500).optional(),
  },
  check: personIssues,
  list: { pageSize: 20, sort: { column: 'id_pessoa', order: 'ASC' } },
  screen: { path: '/people', form: 'page', registerPath: '/people/register' },
} as const satisfies RegisterDescriptor;

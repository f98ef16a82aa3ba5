/**
 * A register (a cadastro of 001/002: brand, measure unit, branch, payment method...) declared once. From one
 * descriptor follow its routes (find with {search, filter, take, skip, column, order}, find_by_id, create, update,
 * situacao change, delete as a tombstone), their zod schemas, the server's generic handlers and SQL
 * (apps/server/src/modules/registers), the sync source of its group when it is synced, and the web's list and form.
 * Migrations stay hand-written SQL; a db test checks every descriptor against its table.
 *
 * Field kinds name what a field is to a Brazilian shop (money typed from the right, a CNPJ with its mask), not how it
 * is stored: the form picks its input from the kind, the contract its schema.
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from '@pdv/domain/documents';
import { amountOf, decimals } from '../amounts.ts';
import { id as idSchema, situacao as situacaoSchema } from '../common.ts';

export type FieldKind =
  | 'text'
  /** A code of digits that keeps its leading zeros (an agency, an account number): `max` digits at most. */
  | 'digits'
  | 'integer'
  | 'money'
  | 'percent'
  | 'quantity'
  | 'boolean'
  | 'enum'
  | 'ref'
  | 'date'
  | 'cpf'
  | 'cnpj'
  | 'cep'
  | 'phone'
  | 'email'
  | 'color';

export interface FieldDef {
  kind: FieldKind;
  /** The label of the form and the list's column header, pt-BR. */
  label: string;
  /** Must be given on create and cannot be emptied on update. */
  required?: boolean;
  /** text: the longest value accepted (default 255). */
  max?: number;
  /** integer: smallest and largest values; quantity/percent: the number of decimals (default 3 and 2). */
  min?: number;
  maxValue?: number;
  decimals?: number;
  /** enum: the values the column accepts. */
  values?: readonly string[];
  /**
   * enum or integer: the pt-BR label of each value (keyed by the value as text), shown by the list's cell and the
   * form's select instead of the raw code ('Saida' → 'Saída', '17' → '17 - PIX'). An integer field with options is a
   * select of them. A value without a label shows as itself.
   */
  options?: Readonly<Record<string, string>>;
  /**
   * ref: the register whose id this is (its descriptor's name, in REGISTERS). The server refuses an id naming no live
   * row of it in the caller's scope; the form offers a searchable select of its rows.
   */
  ref?: string;
  /**
   * The value a create without the field stores (the column's default). A field with a default is never null (its
   * column is NOT NULL); a field neither required nor defaulted may be null.
   */
  default?: string | number | boolean;
  /** Shown in the list screen, in this order. */
  list?: boolean;
  /** Searched by the list's search box (ILIKE on text kinds). */
  search?: boolean;
  /** May be given in find's `filter` (equality). */
  filter?: boolean;
  /** No two live rows of the organization may share it: refused with REGISTER_MESSAGES.duplicate. */
  unique?: boolean;
  /** The tab of a 'page' form the field belongs to (one of the descriptor's `groups`; the first one when absent). */
  group?: string;
  /** Never sent back to clients (a password, a CSC): the row carries null, the form shows it masked. */
  secret?: boolean;
  /**
   * Valid values for the generated tests (registers.db.test.ts) when the kind's own sample would break a rule of the
   * register (a CFOP, a justification's length, a series the demo already has): the n-th record takes the n-th
   * (cycling); null: the generated tests leave the field out.
   */
  examples?: readonly (string | number | boolean | null)[];
  /**
   * Written by the server only (a category's referencia_exibicao, from its place in the tree): answered in the rows
   * and shown in the list, but not a member of the create/update bodies (a client sending it is refused as an unknown
   * member) and not an input of the form. The register's beforeWrite hook fills it.
   */
  computed?: boolean;
}

/** A refusal of a register's own rule, beside the field it names. */
export interface FieldIssue {
  field: string;
  message: string;
}


export interface RegisterDescriptor {
  /** The register's name: the route names' prefix (measureUnit → measureUnitFind...). */
  name: string;
  /** The routes' base path under /api (e.g. '/measure-unit'). */
  path: string;
  /** The table (hand-written migration) and its id column. */
  table: string;
  id: string;
  /** pt-BR: the singular and plural, and whether the noun is feminine (a/o in the messages). */
  label: { singular: string; plural: string; feminine?: boolean };
  /** The permission label: read to list, manage to write. */
  permission: string;
  /** organization: one list for the whole organization; branch: rows of the caller's active branch (id_filial). */
  scope: 'organization' | 'branch';
  fields: Readonly<Record<string, FieldDef>>;
  /** The table has situacao ('Ativo' | 'Inativo'): the list toggles it in place. */
  situacao?: boolean;
  /** The table has is_padrao: at most one live row is the default (setting one clears the others). */
  isPadrao?: boolean;
  /**
   * The rows are the database's, not the user's: one per branch, created with it (a trigger), never deleted. Only
   * find, find_by_id and update are routes (no create, situacao or delete).
   */
  fixedRows?: boolean;
  /** 002 §9: page size and default sort (its column may be a column no field shows, written by the server: a tree's order). */
  list: { pageSize: number; sort: { column: string; order: 'ASC' | 'DESC' } };
  /**
   * The sync group whose rows are this register's: it also names the local table and the change event. Its entry in
   * SYNC_GROUPS, its server source (the row's columns), its local store (keyed by `id`) and its progress label
   * (label.plural) all follow from the descriptor (docs/registers.md).
   */
  syncGroup?: string;
  /** The sync group's page size (001 §7; default 1000). */
  syncPageSize?: number;
  /**
   * The side panel's titles (002 §2 names them: 'Editar Marca', 'Nova Categoria'); without them the form's title is
   * built from label.singular. `create` defaults to the built one ('Nova marca').
   */
  titles?: { edit: string; create?: string };
  /**
   * The web screens: list route (the menu's path) and the form kind. `registerPath` (a 'page' form): the form has
   * addresses of its own, `${registerPath}` for a new record and `${registerPath}/:id` for one (002 §2
   * /people/register): the list opens them, and closing the form goes back to the list.
   */
  screen: { path: string; form: 'panel' | 'page'; registerPath?: string };
  /** A 'page' form's tabs, in order: the fields' `group`s (a field without one goes to the first). */
  groups?: readonly string[];
  /**
   * Members of the create/update body that are not columns of the table (a profile's permissions, a user's branches):
   * checked by these schemas with the rest of the body, written by the register's server hooks in the same
   * transaction (apps/server/src/register-hooks.ts), and answered by find_by_id from the hooks' `detail`.
   */
  extra?: Readonly<Record<string, z.ZodType>>;
  /**
   * Members the hooks' `detail` adds to the answers of find_by_id, create and update that are never written by a
   * client (a price indexer's variations, written by the server when its factor changes): in the row schema, not in
   * the bodies.
   */
  readOnlyDetail?: Readonly<Record<string, z.ZodType>>;
  /**
   * Rules across fields (a CSOSN only for the Simples Nacional regimes, a justification when in contingency), written
   * once in packages/domain: the create and update schemas run it on the body (so the form refuses before sending,
   * beside the field), and the register's server hook runs it again on the row as it will be stored (an update may
   * send only some fields). Given a partial body it checks only what the body says.
   */
  check?: (values: Readonly<Record<string, unknown>>) => readonly FieldIssue[];
}

/** The refusals of the registers (the success texts are MESSAGES.recordSaved and recordUpdated). */
export const REGISTER_MESSAGES = {
  duplicate: (label: string, value: string) => `Já existe um registro com ${label} "${value}".`,
  inUse: (what: string) => `Este registro não pode ser excluído: ele é usado em ${what}. Você pode inativá-lo.`,
  required: (label: string) => `Informe ${label}.`,
  tooLong: (label: string, max: number) => `${label} pode ter no máximo ${max} caracteres.`,
  invalid: (label: string) => `${label} inválido.`,
  onlyDigits: (label: string) => `${label} deve ter apenas números.`,
  refNotFound: (label: string) => `${label}: registro não encontrado.`,
  invalidCnpj: 'CNPJ Inválido',
  invalidCpf: 'CPF inválido.',
  invalidColumn: 'Coluna de ordenação inválida.',
  invalidFilter: (name: string) => `Filtro não permitido: "${name}".`,
  nothingToUpdate: 'Nenhum campo para atualizar.',
} as const;

/** Whether a refusal is the delete's 'still used' one (the list then offers to set the row Inativo instead). */
export function isInUseRefusal(message: string): boolean {
  const [before = '', after = ''] = REGISTER_MESSAGES.inUse('\u0000').split('\u0000');
  return message.startsWith(before) && message.endsWith(after);
}

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The schema of one field's value as a form or an API client sends it (null allowed when not required). */
export function fieldSchema(field: FieldDef): z.ZodType {
  const label = field.label;
  // Not null: required, or stored with a default (the column is NOT NULL).
  const notNull = field.required === true || field.default !== undefined;
  const need = REGISTER_MESSAGES.required(lower(label));
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'cep':
    case 'color':
    case 'cpf':
    case 'cnpj': {
      const max = field.max ?? 255;
      let s: z.ZodType<string> = z
        .string({ error: need })
        .trim()
        .min(field.required ? 1 : 0, { error: need })
        .max(max, { error: REGISTER_MESSAGES.tooLong(label, max) });
      if (field.kind === 'email') s = s.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: REGISTER_MESSAGES.invalid(label) });
      if (field.kind === 'phone') s = s.transform(onlyDigits).refine((v) => v === '' || (v.length >= 10 && v.length <= 11), { error: REGISTER_MESSAGES.invalid(label) });
      if (field.kind === 'cep') s = s.transform(onlyDigits).refine((v) => v === '' || v.length === 8, { error: REGISTER_MESSAGES.invalid(label) });
      if (field.kind === 'color') s = s.refine((v) => v === '' || /^#[0-9A-Fa-f]{6}$/.test(v), { error: REGISTER_MESSAGES.invalid(label) });
      if (field.kind === 'cpf') s = s.transform(onlyDigits).refine((v) => v === '' || isValidCpf(v), { error: REGISTER_MESSAGES.invalidCpf });
      if (field.kind === 'cnpj') s = s.transform(normalizeCnpj).refine((v) => v === '' || isValidCnpj(v), { error: REGISTER_MESSAGES.invalidCnpj });
      // An empty optional text is stored as null.
      return notNull ? s : s.transform((v) => (v === '' ? null : v)).nullable();
    }
    case 'digits': {
      const max = field.max ?? 20;
      const s = z
        .string({ error: need })
        .trim()
        .min(field.required ? 1 : 0, { error: need })
        .max(max, { error: REGISTER_MESSAGES.tooLong(label, max) })
        .refine((v) => /^\d*$/.test(v), { error: REGISTER_MESSAGES.onlyDigits(label) });
      return notNull ? s : s.transform((v) => (v === '' ? null : v)).nullable();
    }
    case 'integer': {
      const n = z.number({ error: REGISTER_MESSAGES.invalid(label) }).int({ error: REGISTER_MESSAGES.invalid(label) })
        .min(field.min ?? -2_147_483_648, { error: REGISTER_MESSAGES.invalid(label) })
        .max(field.maxValue ?? 2_147_483_647, { error: REGISTER_MESSAGES.invalid(label) });
      // With options, only those values (a select offers nothing else; a request must not either).
      const options = field.options;
      const picked = options ? n.refine((v) => Object.hasOwn(options, String(v)), { error: REGISTER_MESSAGES.invalid(label) }) : n;
      return notNull ? picked : picked.nullable();
    }
    case 'money': {
      const m = amountOf({
        numeric: REGISTER_MESSAGES.invalid(label),
        negative: `${label} não pode ser negativo.`,
        tooLarge: `${label} acima do permitido.`,
        places: `${label} deve ter no máximo 2 casas decimais.`,
      });
      return notNull ? m : m.nullable();
    }
    case 'percent':
    case 'quantity': {
      const places = field.decimals ?? (field.kind === 'percent' ? 2 : 3);
      const n = z.number({ error: REGISTER_MESSAGES.invalid(label) })
        .min(field.min ?? 0, { error: REGISTER_MESSAGES.invalid(label) })
        .max(field.maxValue ?? (field.kind === 'percent' ? 100 : 999_999_999.999), { error: REGISTER_MESSAGES.invalid(label) })
        .refine(decimals(places), { error: `${label} deve ter no máximo ${places} casas decimais.` });
      return notNull ? n : n.nullable();
    }
    case 'boolean':
      return z.boolean({ error: REGISTER_MESSAGES.invalid(label) });
    case 'enum': {
      const values = field.values ?? [];
      const e = z.string({ error: need }).refine((v) => values.includes(v), {
        error: `${label} deve ser ${values.map((v) => `'${v}'`).join(', ')}.`,
      });
      return notNull ? e : e.nullable();
    }
    case 'ref':
      return notNull ? idSchema : idSchema.nullable();
    case 'date': {
      const d = z.iso.date({ error: REGISTER_MESSAGES.invalid(label) });
      return notNull ? d : d.nullable();
    }
  }
}

/** Every column a row of the register has on the wire: its id, its fields, situacao/is_padrao, the stamps. */
export function rowSchema(d: RegisterDescriptor) {
  const row: Record<string, z.ZodType> = { [d.id]: z.number().int() };
  if (d.scope === 'branch') row['id_filial'] = z.number().int();
  // A secret is never on the wire (rowColumns leaves it out).
  for (const [name, field] of Object.entries(d.fields)) if (!field.secret) row[name] = z.unknown();
  if (d.situacao) row['situacao'] = z.string();
  if (d.isPadrao) row['is_padrao'] = z.boolean();
  for (const name of Object.keys(d.extra ?? {})) row[name] = z.unknown().optional();
  for (const [name, schema] of Object.entries(d.readOnlyDetail ?? {})) row[name] = schema.optional();
  row['data_cadastro'] = z.string();
  row['data_alteracao'] = z.string();
  return z.object(row);
}

/** The title of a register's form: the descriptor's `titles` (002 §2) when it has them, else built from its label. */
export function formTitle(d: RegisterDescriptor, editing: boolean): string {
  if (editing) return d.titles?.edit ?? d.label.singular;
  return d.titles?.create ?? `${d.label.feminine ? 'Nova' : 'Novo'} ${d.label.singular.toLowerCase()}`;
}

/** The fields a form offers and a body may carry (not the `computed` ones the server fills). */
export function inputFields(d: RegisterDescriptor): string[] {
  return Object.entries(d.fields).filter(([, f]) => f.computed !== true).map(([n]) => n);
}

/** The tabs of a register's form, in order, each with its fields' names ('page' forms; a panel has one). */
export function formGroups(d: RegisterDescriptor): Array<{ label: string; fields: string[] }> {
  const labels = d.groups && d.groups.length > 0 ? [...d.groups] : ['Geral'];
  const groups = labels.map((label) => ({ label, fields: [] as string[] }));
  for (const [name, field] of Object.entries(d.fields)) {
    if (field.computed) continue;
    const group = groups.find((g) => g.label === field.group) ?? groups[0]!;
    group.fields.push(name);
  }
  return groups.filter((g) => g.fields.length > 0);
}

/** The columns a create or an update may write (the fields, situacao, is_padrao). */
export function writableColumns(d: RegisterDescriptor): string[] {
  return [...Object.keys(d.fields), ...(d.situacao ? ['situacao'] : []), ...(d.isPadrao ? ['is_padrao'] : [])];
}

/** The columns of a row on the wire, in order (the sync source's and the server's SELECT list); never a secret. */
export function rowColumns(d: RegisterDescriptor): string[] {
  return [d.id, ...(d.scope === 'branch' ? ['id_filial'] : []), ...writableColumns(d).filter((c) => d.fields[c]?.secret !== true)];
}

function bodyShape(d: RegisterDescriptor, mode: 'create' | 'update'): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(d.fields)) {
    if (field.computed) continue;
    const schema = fieldSchema(field);
    shape[name] = mode === 'create' && field.required ? schema : schema.optional();
  }
  if (d.situacao) shape['situacao'] = situacaoSchema.optional();
  if (d.isPadrao) shape['is_padrao'] = z.boolean({ error: 'is_padrao deve ser verdadeiro ou falso.' }).optional();
  for (const [name, schema] of Object.entries(d.extra ?? {})) shape[name] = mode === 'create' ? schema : schema.optional();
  return shape;
}

/** The body's schema with the register's own rule across fields (its issues under the fields they name). */
function withCheck<T extends z.ZodType<Record<string, unknown>>>(d: RegisterDescriptor, schema: T): T {
  const check = d.check;
  if (!check) return schema;
  return schema.superRefine((body, ctx) => {
    for (const issue of check(body)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
}

/** The schemas of a register's routes. */
export function registerSchemas(d: RegisterDescriptor) {
  // The default sort's column may be one the server writes and no field shows (a tree's path order).
  const columns = ['data_cadastro', 'data_alteracao', d.id, ...writableColumns(d), d.list.sort.column];
  const filterable = [...Object.entries(d.fields).filter(([, f]) => f.filter).map(([n]) => n), ...(d.situacao ? ['situacao'] : [])];
  const row = rowSchema(d);
  const byId = z.object({ [d.id]: idSchema }).strict();
  return {
    row,
    find: z.object({
      search: z.string().max(200, { error: 'A pesquisa pode ter no máximo 200 caracteres.' }).optional().default(''),
      filter: z
        .record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()]).nullable())
        .optional()
        .default({})
        .superRefine((filter, ctx) => {
          for (const key of Object.keys(filter)) {
            if (!filterable.includes(key)) ctx.addIssue({ code: 'custom', message: REGISTER_MESSAGES.invalidFilter(key) });
          }
        }),
      skip: z.coerce.number().int().min(0, { error: 'skip não pode ser negativo.' }).max(1_000_000).optional().default(0),
      take: z.coerce.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(200, { error: 'take pode ser no máximo 200.' }).optional().default(d.list.pageSize),
      column: z.string().refine((c) => columns.includes(c), { error: REGISTER_MESSAGES.invalidColumn }).optional(),
      order: z.enum(['ASC', 'DESC', 'asc', 'desc'], { error: "order deve ser 'ASC' ou 'DESC'." }).optional(),
    }),
    findResult: z.object({ rows: z.array(row), count: z.number().int() }),
    byId,
    create: withCheck(d, z.object(bodyShape(d, 'create')).strict()),
    update: withCheck(d, z.object({ [d.id]: idSchema, ...bodyShape(d, 'update') }).strict()),
    situacao: z.object({ [d.id]: idSchema, situacao: situacaoSchema }).strict(),
    delete: byId,
    deleted: z.object({ [d.id]: z.number().int(), excluido: z.literal(true) }),
  };
}

/**
 * The rules of a data import (002 §2 /dataImport) row by row, the same on the screen and on the server: which target
 * fields a kind has (products: one row per variation, with barcode, prices and stock per stock address; people), how
 * a header is matched to a field, and what makes a row wrong. A wrong row is reported as (line, column, message) and
 * written not at all; the other rows go in. Checks reuse the domain's validators (GTIN, CPF, CNPJ, state
 * registration, pt-BR money). Duplicates (a barcode, SKU or CPF/CNPJ twice in the file or already registered) are
 * found by `markDuplicates` against the keys the caller read from its database.
 */
import { isValidCnpj, isValidCpf, normalizeCnpj } from './documents.ts';
import { GTIN_LENGTHS, isValidGtin } from './gtin.ts';
import { isValidIe, normalizeIe } from './inscricao-estadual.ts';
import { parseMoneyBR, parseQuantityBR, type Cents, type Milli } from './money.ts';

export const IMPORT_KINDS = ['produto', 'pessoa'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Files over this size are refused before they are read. */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;
/** Rows shown in the preview. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Valid rows written per transaction (one multi-row INSERT per table). */
export const IMPORT_BATCH_ROWS = 2000;

export const IMPORT_MESSAGES = {
  fileTooLarge: 'Arquivo maior que o limite de 15 MB para importação.',
  fileUnreadable: 'Não foi possível ler o arquivo: envie uma planilha CSV ou XLSX.',
  fileEmpty: 'A planilha não tem linhas de dados abaixo do cabeçalho.',
  requiredUnmapped: (campo: string) => `Associe uma coluna da planilha ao campo obrigatório "${campo}".`,
  columnMappedTwice: (coluna: string) => `A coluna "${coluna}" foi associada a mais de um campo.`,
  columnMissing: (indice: number) => `A coluna ${indice + 1} não existe na planilha.`,
  jobNotFound: 'Importação não encontrada.',
  required: (campo: string) => `${campo} é obrigatório.`,
  skuOrBarcode: 'Informe o SKU ou o código de barras.',
  invalidGtin: 'Código de barras (GTIN) inválido: o dígito verificador não confere.',
  invalidBarcode: 'Código de barras inválido: use até 30 letras, números, ponto ou hífen.',
  invalidNumber: (campo: string) => `${campo}: valor numérico inválido.`,
  negative: (campo: string) => `${campo} não pode ser negativo.`,
  ncmDigits: 'O NCM deve ter 8 dígitos.',
  cestDigits: 'CEST deve ter 7 dígitos.',
  cepDigits: 'CEP deve ter 8 dígitos.',
  unitUnknown: (sigla: string) => `Unidade de medida "${sigla}" não cadastrada.`,
  invalidCpf: 'CPF inválido: o dígito verificador não confere.',
  invalidCnpj: 'CNPJ inválido: o dígito verificador não confere.',
  invalidDocument: 'CPF/CNPJ inválido: informe 11 dígitos (CPF) ou 14 caracteres (CNPJ).',
  invalidIe: (uf: string) => `Inscrição estadual inválida para ${uf}.`,
  ieWithoutUf: 'Informe a UF para validar a inscrição estadual.',
  invalidUf: 'UF inválida: use a sigla do estado (SP, RJ, ...).',
  invalidEmail: 'E-mail em formato inválido.',
  duplicateInFile: (campo: string, linha: number) => `${campo} repetido na planilha (linha ${linha}).`,
  duplicateInDatabase: (campo: string) => `${campo} já cadastrado.`,
  batchFailed: (first: number, last: number) =>
    `Não foi possível gravar as linhas ${first} a ${last}; as linhas anteriores foram gravadas.`,
  variationTwice: (variacao: string) => `A variação "${variacao}" aparece mais de uma vez para este produto.`,
} as const;

export interface ImportField {
  campo: string;
  rotulo: string;
  obrigatorio: boolean;
  /** Other header names that mean this field (compared without accents, case or punctuation). */
  aliases: readonly string[];
}

/** A stock address of the caller's branch, a target of a product's stock column. */
export interface ImportStockAddress {
  id_endereco_estoque: number;
  codigo: string;
  descricao: string;
}

const PRODUCT_BASE_FIELDS: readonly ImportField[] = [
  { campo: 'descricao', rotulo: 'Descrição', obrigatorio: true, aliases: ['produto', 'nome', 'descricao do produto'] },
  { campo: 'sku', rotulo: 'SKU', obrigatorio: false, aliases: ['codigo', 'referencia', 'cod'] },
  { campo: 'variacao', rotulo: 'Variação', obrigatorio: false, aliases: ['grade', 'variacao', 'cor tamanho'] },
  { campo: 'codigo_barras', rotulo: 'Código de barras', obrigatorio: false, aliases: ['ean', 'gtin', 'codigo barras', 'cod barras', 'codigo de barra'] },
  { campo: 'preco_venda', rotulo: 'Preço de venda', obrigatorio: false, aliases: ['preco', 'venda', 'valor venda', 'preco venda'] },
  { campo: 'preco_atacado', rotulo: 'Preço de atacado', obrigatorio: false, aliases: ['atacado', 'preco atacado'] },
  { campo: 'preco_custo', rotulo: 'Preço de custo', obrigatorio: false, aliases: ['custo', 'preco custo'] },
  { campo: 'codigo_ncm', rotulo: 'NCM', obrigatorio: false, aliases: ['ncm', 'codigo ncm'] },
  { campo: 'cest', rotulo: 'CEST', obrigatorio: false, aliases: [] },
  { campo: 'unidade', rotulo: 'Unidade', obrigatorio: false, aliases: ['un', 'und', 'unidade medida', 'sigla'] },
];

const PERSON_FIELDS: readonly ImportField[] = [
  { campo: 'nome', rotulo: 'Nome', obrigatorio: true, aliases: ['razao social', 'cliente', 'nome razao social'] },
  { campo: 'cpf_cnpj', rotulo: 'CPF/CNPJ', obrigatorio: false, aliases: ['cpf', 'cnpj', 'documento', 'cpf cnpj'] },
  { campo: 'apelido', rotulo: 'Apelido / nome fantasia', obrigatorio: false, aliases: ['apelido', 'fantasia', 'nome fantasia'] },
  { campo: 'ie', rotulo: 'Inscrição estadual', obrigatorio: false, aliases: ['ie', 'inscricao estadual'] },
  { campo: 'email', rotulo: 'E-mail', obrigatorio: false, aliases: ['email'] },
  { campo: 'telefone', rotulo: 'Telefone', obrigatorio: false, aliases: ['fone'] },
  { campo: 'celular', rotulo: 'Celular', obrigatorio: false, aliases: ['whatsapp'] },
  { campo: 'cep', rotulo: 'CEP', obrigatorio: false, aliases: [] },
  { campo: 'endereco', rotulo: 'Endereço', obrigatorio: false, aliases: ['logradouro', 'rua'] },
  { campo: 'numero', rotulo: 'Número', obrigatorio: false, aliases: ['numero', 'nro', 'n'] },
  { campo: 'complemento', rotulo: 'Complemento', obrigatorio: false, aliases: [] },
  { campo: 'bairro', rotulo: 'Bairro', obrigatorio: false, aliases: [] },
  { campo: 'cidade', rotulo: 'Cidade', obrigatorio: false, aliases: ['municipio'] },
  { campo: 'uf', rotulo: 'UF', obrigatorio: false, aliases: ['estado'] },
];

/** The target field of a stock address's quantity. */
export const stockField = (id: number) => `estoque:${id}`;

/** The fields a kind can map; products have one stock field per stock address of the branch. */
export function importFields(kind: ImportKind, addresses: readonly ImportStockAddress[] = []): ImportField[] {
  if (kind === 'pessoa') return [...PERSON_FIELDS];
  const stock = addresses.map((a) => ({
    campo: stockField(a.id_endereco_estoque), rotulo: `Estoque ${a.codigo}`, obrigatorio: false,
    aliases: [`estoque ${a.descricao}`, ...(addresses.length === 1 ? ['estoque', 'quantidade', 'saldo'] : [])],
  }));
  return [...PRODUCT_BASE_FIELDS, ...stock];
}

/** A header as compared: lower case, no accents, words of letters and digits. */
export function normalizeHeader(header: string): string {
  return header.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Field -> column index (or null) by header name: the field's name, label or an alias; each column used once. */
export function suggestMapping(header: readonly string[], fields: readonly ImportField[]): Record<string, number | null> {
  const normalized = header.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const f of fields) {
    const names = new Set([f.campo, f.rotulo, ...f.aliases].map(normalizeHeader));
    const index = normalized.findIndex((h, i) => !used.has(i) && names.has(h));
    mapping[f.campo] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  return mapping;
}

/** The mapping's own faults (a required field without a column, a column twice, a column past the header). */
export function mappingErrors(header: readonly string[], fields: readonly ImportField[], mapping: Record<string, number | null | undefined>): string[] {
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const f of fields) {
    const index = mapping[f.campo];
    if (index === null || index === undefined) {
      if (f.obrigatorio) errors.push(IMPORT_MESSAGES.requiredUnmapped(f.rotulo));
      continue;
    }
    if (index < 0 || index >= header.length) errors.push(IMPORT_MESSAGES.columnMissing(index));
    else if (seen.has(index)) errors.push(IMPORT_MESSAGES.columnMappedTwice(header[index] ?? ''));
    seen.add(index);
  }
  return errors;
}

export interface ImportRowError {
  linha: number;
  coluna: string;
  mensagem: string;
}

/** A data row with its line in the file (the header is line 1). */
export interface SourceRow {
  linha: number;
  cells: readonly string[];
}

class RowReader {
  readonly errors: ImportRowError[] = [];
  constructor(
    private readonly row: SourceRow,
    private readonly header: readonly string[],
    private readonly fields: ReadonlyMap<string, ImportField>,
    private readonly mapping: Record<string, number | null | undefined>,
  ) {}

  column(campo: string): string {
    const index = this.mapping[campo];
    const label = this.fields.get(campo)?.rotulo ?? campo;
    return index === null || index === undefined ? label : (this.header[index] ?? label);
  }

  text(campo: string): string {
    const index = this.mapping[campo];
    if (index === null || index === undefined) return '';
    return (this.row.cells[index] ?? '').trim();
  }

  fail(campo: string, mensagem: string): void {
    this.errors.push({ linha: this.row.linha, coluna: this.column(campo), mensagem });
  }

  label(campo: string): string {
    return this.fields.get(campo)?.rotulo ?? campo;
  }

  /** A non-negative pt-BR amount of the field (0 when empty). */
  money(campo: string): Cents {
    return this.number(campo, parseMoneyBR);
  }

  quantity(campo: string): Milli {
    return this.number(campo, parseQuantityBR);
  }

  private number(campo: string, parse: (s: string) => number | null): number {
    const text = this.text(campo);
    if (text === '') return 0;
    const value = parse(text);
    if (value === null) {
      this.fail(campo, IMPORT_MESSAGES.invalidNumber(this.label(campo)));
      return 0;
    }
    if (value < 0) {
      this.fail(campo, IMPORT_MESSAGES.negative(this.label(campo)));
      return 0;
    }
    return value;
  }

  /** Digits of a code that spreadsheets shorten by dropping leading zeros (NCM, CEP), padded back to `length`. */
  paddedDigits(campo: string, length: number, message: string): string | null {
    const text = this.text(campo);
    if (text === '') return null;
    const digits = text.replace(/[.\-\s]/g, '');
    if (!/^\d+$/.test(digits) || digits.length > length) {
      this.fail(campo, message);
      return null;
    }
    return digits.padStart(length, '0');
  }
}

function fieldMap(fields: readonly ImportField[]): Map<string, ImportField> {
  return new Map(fields.map((f) => [f.campo, f]));
}

export interface ProductImportRow {
  linha: number;
  sku: string;
  descricao: string;
  /** The variation's name; null: the product's single default variation ('Geral'). */
  variacao: string | null;
  codigo_barras: string | null;
  preco_venda: Cents;
  preco_atacado: Cents;
  preco_custo: Cents;
  codigo_ncm: string | null;
  cest: string | null;
  /** Upper-case unit symbol; null: the organization's default unit. */
  unidade: string | null;
  estoque: { id_endereco_estoque: number; quantidade: Milli }[];
}

export interface ProductRowContext {
  header: readonly string[];
  fields: readonly ImportField[];
  mapping: Record<string, number | null | undefined>;
  /** The organization's unit symbols, upper case. */
  units: ReadonlySet<string>;
}

const BARCODE = /^[0-9A-Za-z.-]{1,30}$/;

/** A barcode's fault, or null: digit codes of a GTIN length must carry a right check digit. */
export function barcodeError(code: string): string | null {
  if (!BARCODE.test(code)) return IMPORT_MESSAGES.invalidBarcode;
  if (/^\d+$/.test(code) && (GTIN_LENGTHS as readonly number[]).includes(code.length) && !isValidGtin(code)) return IMPORT_MESSAGES.invalidGtin;
  return null;
}

/** One product row checked on its own: the row, or its errors. */
export function readProductRow(row: SourceRow, ctx: ProductRowContext): { value: ProductImportRow | null; errors: ImportRowError[] } {
  const r = new RowReader(row, ctx.header, fieldMap(ctx.fields), ctx.mapping);
  const descricao = r.text('descricao');
  if (descricao === '') r.fail('descricao', IMPORT_MESSAGES.required(r.label('descricao')));
  const codigo = r.text('codigo_barras');
  if (codigo !== '') {
    const fault = barcodeError(codigo);
    if (fault) r.fail('codigo_barras', fault);
  }
  const sku = r.text('sku') || codigo;
  if (sku === '') r.fail('sku', IMPORT_MESSAGES.skuOrBarcode);
  const unidade = r.text('unidade').toUpperCase();
  if (unidade !== '' && !ctx.units.has(unidade)) r.fail('unidade', IMPORT_MESSAGES.unitUnknown(unidade));
  const value: ProductImportRow = {
    linha: row.linha, sku, descricao, variacao: r.text('variacao') || null, codigo_barras: codigo || null,
    preco_venda: r.money('preco_venda'), preco_atacado: r.money('preco_atacado'), preco_custo: r.money('preco_custo'),
    codigo_ncm: r.paddedDigits('codigo_ncm', 8, IMPORT_MESSAGES.ncmDigits),
    cest: r.paddedDigits('cest', 7, IMPORT_MESSAGES.cestDigits),
    unidade: unidade || null,
    estoque: ctx.fields.filter((f) => f.campo.startsWith('estoque:')).flatMap((f) => {
      if (r.text(f.campo) === '') return [];
      const quantidade = r.quantity(f.campo);
      return quantidade === 0 ? [] : [{ id_endereco_estoque: Number(f.campo.slice('estoque:'.length)), quantidade }];
    }),
  };
  return r.errors.length > 0 ? { value: null, errors: r.errors } : { value, errors: [] };
}

export interface PersonImportRow {
  linha: number;
  nome: string;
  tipo: 'F' | 'J';
  cpf: string | null;
  cnpj: string | null;
  apelido: string | null;
  ie: string | null;
  email: string | null;
  telefone: string | null;
  celular: string | null;
  endereco: { cep: string | null; endereco: string | null; numero: string | null; complemento: string | null; bairro: string | null; cidade: string | null; uf: string | null } | null;
}

export interface PersonRowContext {
  header: readonly string[];
  fields: readonly ImportField[];
  mapping: Record<string, number | null | undefined>;
}

const UFS = new Set('AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' '));

/** One person row checked on its own: the row, or its errors. */
export function readPersonRow(row: SourceRow, ctx: PersonRowContext): { value: PersonImportRow | null; errors: ImportRowError[] } {
  const r = new RowReader(row, ctx.header, fieldMap(ctx.fields), ctx.mapping);
  const nome = r.text('nome');
  if (nome === '') r.fail('nome', IMPORT_MESSAGES.required(r.label('nome')));
  const document = r.text('cpf_cnpj');
  let cpf: string | null = null;
  let cnpj: string | null = null;
  if (document !== '') {
    const plain = document.replace(/[.\-/\s]/g, '').toUpperCase();
    if (/^\d{1,11}$/.test(plain)) {
      cpf = plain.padStart(11, '0');
      if (!isValidCpf(cpf)) r.fail('cpf_cnpj', IMPORT_MESSAGES.invalidCpf);
    } else if (/^\d{12,14}$/.test(plain) || /^[0-9A-Z]{12}\d{2}$/.test(plain)) {
      cnpj = normalizeCnpj(plain.padStart(14, '0'));
      if (!isValidCnpj(cnpj)) r.fail('cpf_cnpj', IMPORT_MESSAGES.invalidCnpj);
    } else r.fail('cpf_cnpj', IMPORT_MESSAGES.invalidDocument);
  }
  const uf = r.text('uf').toUpperCase();
  if (uf !== '' && !UFS.has(uf)) r.fail('uf', IMPORT_MESSAGES.invalidUf);
  const ieText = r.text('ie');
  let ie: string | null = null;
  if (ieText !== '' && !/^isento$/i.test(ieText)) {
    ie = normalizeIe(ieText);
    if (uf === '') r.fail('ie', IMPORT_MESSAGES.ieWithoutUf);
    else if (UFS.has(uf) && !isValidIe(ie, uf)) r.fail('ie', IMPORT_MESSAGES.invalidIe(uf));
  } else if (ieText !== '') ie = 'ISENTO';
  const email = r.text('email');
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) r.fail('email', IMPORT_MESSAGES.invalidEmail);
  const cep = r.paddedDigits('cep', 8, IMPORT_MESSAGES.cepDigits);
  const address = {
    cep, endereco: r.text('endereco') || null, numero: r.text('numero') || null, complemento: r.text('complemento') || null,
    bairro: r.text('bairro') || null, cidade: r.text('cidade') || null, uf: uf || null,
  };
  const value: PersonImportRow = {
    linha: row.linha, nome, tipo: cnpj ? 'J' : 'F', cpf, cnpj, apelido: r.text('apelido') || null, ie,
    email: email || null, telefone: r.text('telefone') || null, celular: r.text('celular') || null,
    endereco: Object.values(address).some((v) => v !== null) ? address : null,
  };
  return r.errors.length > 0 ? { value: null, errors: r.errors } : { value, errors: [] };
}

/** A key that must be unique (a barcode, a SKU, a CPF/CNPJ): its field, column and label, and how a row gives it. */
export interface UniqueKey<T> {
  campo: string;
  coluna: string;
  rotulo: string;
  key: (row: T) => string | null;
  /** Rows of the same group may share the key (a product's variations share its SKU). */
  sharedBy?: (row: T) => string;
}

/**
 * Drops the rows whose unique keys are already registered (`taken(campo)` has them) or appeared on an earlier valid
 * row of the file, reporting each. `sameGroup` lets rows share a key on purpose (a product's variations share its SKU).
 */
export function markDuplicates<T extends { linha: number }>(
  rows: readonly T[], keys: readonly UniqueKey<T>[],
  taken: (campo: string) => ReadonlySet<string>,
): { kept: T[]; errors: ImportRowError[] } {
  const firstLine = keys.map(() => new Map<string, { linha: number; group: string }>());
  const kept: T[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const rowErrors: ImportRowError[] = [];
    keys.forEach((k, i) => {
      const value = k.key(row);
      if (value === null) return;
      const seen = firstLine[i] as Map<string, { linha: number; group: string }>;
      const group = k.sharedBy ? k.sharedBy(row) : String(row.linha);
      const earlier = seen.get(value);
      if (taken(k.campo).has(value)) rowErrors.push({ linha: row.linha, coluna: k.coluna, mensagem: IMPORT_MESSAGES.duplicateInDatabase(k.rotulo) });
      else if (earlier && earlier.group !== group) rowErrors.push({ linha: row.linha, coluna: k.coluna, mensagem: IMPORT_MESSAGES.duplicateInFile(k.rotulo, earlier.linha) });
    });
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    keys.forEach((k, i) => {
      const value = k.key(row);
      const seen = firstLine[i] as Map<string, { linha: number; group: string }>;
      if (value !== null && !seen.has(value)) seen.set(value, { linha: row.linha, group: k.sharedBy ? k.sharedBy(row) : String(row.linha) });
    });
    kept.push(row);
  }
  return { kept, errors };
}

/**
 * Demo data for a new installation: a believable shop to sell from at once. Runs only on an empty database and never
 * with NODE_ENV=production. Later issues add steps to DEMO_STEPS (each gets the ids made before it).
 */
import { cnpjCheckDigits } from '@pdv/domain/documents';
import { PERMISSION_CATALOGUE } from '@pdv/domain/menu';
import type { Database, Tx } from '../db/database.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { seedCatalog } from './catalog.ts';
import { seedFiscal } from './fiscal.ts';
import { seedSatShop } from './sat-shop.ts';
import { seedVoucherProduct } from './voucher-product.ts';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoOrganization {
  id_organization: number;
  id_empresa: number;
  branches: Record<string, number>;
  users: Record<string, number>;
}

export interface DemoContext {
  demo: DemoOrganization;
  other: DemoOrganization;
}

export type DemoStep = (tx: Tx, ctx: DemoContext) => Promise<void>;

const cnpj = (base12: string) => base12 + cnpjCheckDigits(base12);

async function insert<T = number>(tx: Tx, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await tx.query<Record<string, T>>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`seed insert returned nothing: ${sql}`);
  return Object.values(row)[0] as T;
}

export interface BranchSeed {
  key: string;
  codigo: string;
  nome: string;
  cnpjBase: string;
  cidade: string | null;
  uf: string | null;
  id_cidade: number | null;
  endereco: string | null;
  numero: string | null;
  bairro: string | null;
  cep: string | null;
  telefone: string | null;
  /** The branch's e-mail; absent: one made up from the shop's name (the demo's). */
  email?: string | null;
}

export interface ProfileSeed {
  descricao: string;
  permissions: Array<[rotulo: string, tipo: '1' | '2']>;
  branches: string[];
}

export interface UserSeed {
  key: string;
  nome: string;
  email: string;
  is_vendedor: boolean;
  desconto: number;
  /** [profile, branch, main] */
  profiles: Array<[string, string, boolean]>;
}

export interface OrganizationSeed {
  nome: string;
  cor_primaria: string | null;
  razao_social: string;
  nome_fantasia: string;
  cnpjBase: string;
  branches: BranchSeed[];
  profiles: ProfileSeed[];
  users: UserSeed[];
}

export async function seedOrganization(tx: Tx, seed: OrganizationSeed, passwordHash: string): Promise<DemoOrganization> {
  const org = await insert(tx, 'INSERT INTO organization (nome, cor_primaria) VALUES ($1, $2) RETURNING id_organization', [
    seed.nome,
    seed.cor_primaria,
  ]);
  // The main apps of the platform (000 §6, ids 1-3) are active for every organization made here (migration 021).
  await tx.query('INSERT INTO organization_aplicativo (id_organization, id_app) SELECT $1, id_app FROM aplicativo WHERE id_app IN (1, 2, 3)', [org]);
  const empresa = await insert(
    tx,
    `INSERT INTO empresa (id_organization, cnpj, razao_social, nome_fantasia) VALUES ($1, $2, $3, $4) RETURNING id_empresa`,
    [org, cnpj(seed.cnpjBase), seed.razao_social, seed.nome_fantasia],
  );
  const branches: Record<string, number> = {};
  for (const b of seed.branches) {
    branches[b.key] = await insert(
      tx,
      `INSERT INTO filial (id_organization, id_empresa, codigo_filial, cnpj, razao_social, nome_fantasia, apelido, ie,
         email, telefone, cep, endereco, numero, bairro, id_cidade, cidade, uf)
       VALUES ($1, $2, $3, $4, $5, $6, $6, 'ISENTO', $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id_filial`,
      [org, empresa, b.codigo, cnpj(b.cnpjBase), seed.razao_social, b.nome, b.email !== undefined ? b.email : `loja${b.codigo}@${seed.nome_fantasia.toLowerCase().replace(/\W/g, '')}.com.br`,
        b.telefone, b.cep, b.endereco, b.numero, b.bairro, b.id_cidade, b.cidade, b.uf],
    );
  }
  const profileBranch = new Map<string, number>();
  for (const p of seed.profiles) {
    const id_perfil = await insert(tx, 'INSERT INTO perfil (id_organization, id_empresa, descricao) VALUES ($1, $2, $3) RETURNING id_perfil', [
      org, empresa, p.descricao,
    ]);
    for (const [rotulo, tipo] of p.permissions) {
      await tx.query('INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo) VALUES ($1, $2, $3, $4)', [org, id_perfil, rotulo, tipo]);
    }
    for (const key of p.branches) {
      const id_pf = await insert(tx, 'INSERT INTO perfil_filial (id_organization, id_perfil, id_filial) VALUES ($1, $2, $3) RETURNING id_perfil_filial', [
        org, id_perfil, branches[key],
      ]);
      profileBranch.set(`${p.descricao}|${key}`, id_pf);
    }
  }
  const users: Record<string, number> = {};
  for (const u of seed.users) {
    const main = u.profiles.find(([, , isMain]) => isMain)?.[1];
    const id_usuario = await insert(
      tx,
      `INSERT INTO usuario (id_organization, nome, email, is_vendedor, percentual_desconto_maximo,
         perc_max_aumento_preco_produto, perc_max_reducao_preco_produto, id_filial_ativa)
       VALUES ($1, $2, $3, $4, $5, 100, $5, $6) RETURNING id_usuario`,
      [org, u.nome, u.email, u.is_vendedor, u.desconto, main ? branches[main] : null],
    );
    users[u.key] = id_usuario;
    await tx.query('INSERT INTO login (email, id_organization, id_usuario, senha_hash) VALUES ($1, $2, $3, $4)', [
      u.email, org, id_usuario, passwordHash,
    ]);
    for (const [profile, branch, isMain] of u.profiles) {
      await tx.query(
        'INSERT INTO perfil_filial_usuario (id_organization, id_usuario, id_perfil_filial, is_principal) VALUES ($1, $2, $3, $4)',
        [org, id_usuario, profileBranch.get(`${profile}|${branch}`), isMain],
      );
    }
  }
  return { id_organization: org, id_empresa: empresa, branches, users };
}

export const everything: ProfileSeed['permissions'] = PERMISSION_CATALOGUE.map((p) => [p.rotulo, '2']);

const DEMO: OrganizationSeed = {
  nome: 'Demo Moda',
  cor_primaria: null,
  razao_social: 'Demo Moda Comércio de Roupas e Calçados Ltda',
  nome_fantasia: 'Demo Moda',
  cnpjBase: '123456780001',
  branches: [
    { key: '1', codigo: '1', nome: 'Loja Centro', cnpjBase: '123456780001', cidade: 'São Paulo', uf: 'SP', id_cidade: 3550308,
      endereco: 'Rua Barão de Itapetininga', numero: '120', bairro: 'República', cep: '01042000', telefone: '1132145500' },
    { key: '2', codigo: '2', nome: 'Loja Shopping', cnpjBase: '123456780002', cidade: 'Campinas', uf: 'SP', id_cidade: 3509502,
      endereco: 'Avenida Iguatemi', numero: '777', bairro: 'Vila Brandina', cep: '13092902', telefone: '1937584400' },
  ],
  profiles: [
    { descricao: 'Gerente', permissions: everything, branches: ['1', '2'] },
    { descricao: 'Caixa', permissions: [['FncPontoVenda', '2'], ['FncListarPedido', '2'], ['FncListarNotaFiscal', '2'], ['FncListarCaixa', '2']],
      branches: ['1'] },
    {
      descricao: 'Vendedor',
      permissions: [['FncPontoVenda', '2'], ['FncListarPedido', '2'], ['FncListarNotaFiscal', '2'], ['FncListarProduto', '1'],
        ['FncListarPessoa', '2'], ['FncListarMovimentacaoEstoque', '1'], ['FncListarEtiqueta', '1']],
      branches: ['2'],
    },
  ],
  users: [
    { key: 'gerente', nome: 'Marina Souza', email: 'gerente@demo.com.br', is_vendedor: true, desconto: 20,
      profiles: [['Gerente', '1', true], ['Gerente', '2', false]] },
    { key: 'caixa', nome: 'Carlos Lima', email: 'caixa@demo.com.br', is_vendedor: true, desconto: 5, profiles: [['Caixa', '1', true]] },
    { key: 'filial2', nome: 'Ana Ribeiro', email: 'filial2@demo.com.br', is_vendedor: true, desconto: 10,
      profiles: [['Vendedor', '2', true]] },
  ],
};

const OTHER: OrganizationSeed = {
  nome: 'Outra Loja',
  cor_primaria: '#1c7ed6',
  razao_social: 'Outra Loja Utilidades Domésticas Ltda',
  nome_fantasia: 'Outra Loja',
  cnpjBase: '987654320001',
  branches: [
    { key: '1', codigo: '1', nome: 'Outra Loja Matriz', cnpjBase: '987654320001', cidade: 'Belo Horizonte', uf: 'MG',
      id_cidade: 3106200, endereco: 'Avenida Afonso Pena', numero: '1500', bairro: 'Centro', cep: '30130005', telefone: '3132769000' },
  ],
  profiles: [{ descricao: 'Gerente', permissions: everything, branches: ['1'] }],
  users: [
    { key: 'outra', nome: 'Paulo Mendes', email: 'outra@demo.com.br', is_vendedor: true, desconto: 15, profiles: [['Gerente', '1', true]] },
  ],
};

export const DEMO_STEPS: DemoStep[] = [seedCatalog, seedFiscal, seedVoucherProduct, (tx, ctx) => seedSatShop(tx, ctx)];

/** Loads the demo data when the database has no organization yet. Returns whether it did. */
export async function seedDemo(db: Database, steps: DemoStep[] = DEMO_STEPS): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.system(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(724002)');
    const { rows } = await tx.query('SELECT 1 FROM organization LIMIT 1');
    if (rows.length > 0) return false;
    const ctx: DemoContext = {
      demo: await seedOrganization(tx, DEMO, passwordHash),
      other: await seedOrganization(tx, OTHER, passwordHash),
    };
    for (const step of steps) await step(tx, ctx);
    return true;
  });
}

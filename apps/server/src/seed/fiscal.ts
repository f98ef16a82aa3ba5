/**
 * Fiscal setup of the demo branches: a state registration, and an A1 test certificate made on the spot (self-signed,
 * e-CNPJ shaped, never a real one and never committed) so a new installation can issue NFC-e and NF-e against the
 * SEFAZ homologation simulator at once. Real shops upload their own certificate.
 */
import { createTestCertificate } from '@pdv/fiscal/testing/test-certificate';
import type { DemoContext, DemoOrganization } from './demo.ts';
import type { Tx } from '../db/database.ts';

export const DEMO_CERTIFICATE_PASSWORD = 'demo1234';

async function seedOrganization(tx: Tx, org: DemoOrganization, ies: string[]) {
  let index = 0;
  for (const id_filial of Object.values(org.branches)) {
    const { rows } = await tx.query<{ cnpj: string; razao_social: string }>(
      'SELECT cnpj, razao_social FROM filial WHERE id_organization = $1 AND id_filial = $2', [org.id_organization, id_filial]);
    const branch = rows[0]!;
    await tx.query('UPDATE filial SET ie = $3 WHERE id_organization = $1 AND id_filial = $2',
      [org.id_organization, id_filial, ies[index] ?? ies[0]]);
    const pfx = createTestCertificate({ cnpj: branch.cnpj, name: branch.razao_social.toUpperCase(), password: DEMO_CERTIFICATE_PASSWORD });
    await tx.query(
      `INSERT INTO certificado_digital (id_organization, id_filial, pfx, senha, titular, validade)
       VALUES ($1, $2, $3, $4, $5, now() + interval '365 days')`,
      [org.id_organization, id_filial, pfx, DEMO_CERTIFICATE_PASSWORD, `${branch.razao_social.toUpperCase()}:${branch.cnpj}`],
    );
    index += 1;
  }
}

export async function seedFiscal(tx: Tx, ctx: DemoContext): Promise<void> {
  await seedOrganization(tx, ctx.demo, ['110042490114', '244074362110']);
  await seedOrganization(tx, ctx.other, ['0623079040081']);
  await tx.query(
    `UPDATE filial_configuracao SET id_csc = coalesce(id_csc, '000001'), csc = coalesce(csc, 'OUTRALOJA0MATRIZ0CSC0HOMOLOGACAO01')
      WHERE id_organization = $1`,
    [ctx.other.id_organization],
  );
}

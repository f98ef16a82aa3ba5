/**
 * The branch register's own routes (002 §3 Branch, §7): the IBGE city picker, the logo, the A1 certificate and the
 * e-mail accounts with their SMTP test. Its create and update are the descriptor's, with the hooks of hooks.ts.
 */
import { createHash } from 'node:crypto';
import { CERTIFICATE_MAX_BYTES, LOGO_MAX_BYTES } from '@pdv/contract/branch';
import { BRANCH_MESSAGES as M } from '@pdv/domain/branch-messages';
import { normalizeCnpj } from '@pdv/domain/documents';
import { loadCertificate } from '@pdv/fiscal/certificate';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { fromBase64, sniffImage } from './image.ts';
import * as q from './queries.ts';

const orNotFound = <T>(row: T | null): T => {
  if (row === null) throw notFound();
  return row;
};

/** The branch of the caller's organization (404 otherwise, whether it is another's or none). */
async function ownBranch(tx: Tx, org: number, id_filial: number) {
  return orNotFound(await q.findBranchFacts(tx, org, id_filial));
}

async function logoOf(tx: Tx, org: number, id_filial: number) {
  const logo = await q.getLogo(tx, org, id_filial);
  return { id_filial, logo: logo ? { tipo: logo.tipo, tamanho: logo.conteudo.length, base64: logo.conteudo.toString('base64') } : null };
}

async function certificateOf(tx: Tx, org: number, id_filial: number) {
  return { id_filial, certificado: await q.getCertificateInfo(tx, org, id_filial) };
}

/** The first 8 characters of a CNPJ (its root): SEFAZ accepts a certificate of the same company's root (rejection 213). */
const cnpjRoot = (cnpj: string) => normalizeCnpj(cnpj).slice(0, 8);

export const branchHandlers = {
  cityFind: async ({ tx, body }) => ({ rows: await q.findCities(tx, body.search, body.uf, body.take) }),
  cityFindById: async ({ tx, body }) => orNotFound(await q.findCity(tx, body.id_cidade)),

  branchLogoGet: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    return logoOf(tx, caller.id_organization, body.id_filial);
  },
  branchLogoSave: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    const bytes = fromBase64(body.arquivo_base64);
    if (bytes.length === 0) throw badRequest(M.logoEmpty);
    if (bytes.length > LOGO_MAX_BYTES) throw badRequest(M.logoTooLarge(LOGO_MAX_BYTES / 1024));
    const tipo = sniffImage(bytes);
    if (!tipo) throw badRequest(M.logoFormat);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    await q.saveLogo(tx, caller.id_organization, body.id_filial, tipo, bytes, hash);
    return logoOf(tx, caller.id_organization, body.id_filial);
  },
  branchLogoRemove: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    await q.removeLogo(tx, caller.id_organization, body.id_filial);
    return logoOf(tx, caller.id_organization, body.id_filial);
  },

  branchCertificateGet: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    return certificateOf(tx, caller.id_organization, body.id_filial);
  },
  branchCertificateUpload: async ({ tx, caller, body, deps }) => {
    const facts = await ownBranch(tx, caller.id_organization, body.id_filial);
    const pfx = fromBase64(body.arquivo_base64);
    if (pfx.length > CERTIFICATE_MAX_BYTES) throw badRequest(M.certificateTooLarge);
    // Wrong password, broken file, expired or not yet valid: refused with the fiscal package's pt-BR messages.
    const cert = loadCertificate(pfx, body.senha, { now: deps.fiscal.now() });
    if (!cert.cnpj) throw badRequest(M.certificateNoCnpj);
    if (cnpjRoot(cert.cnpj) !== cnpjRoot(facts.cnpj)) throw badRequest(M.certificateOtherCnpj(cert.cnpj));
    await q.saveCertificate(tx, caller.id_organization, body.id_filial, pfx, body.senha, cert.subject, cert.notAfter);
    return certificateOf(tx, caller.id_organization, body.id_filial);
  },
  branchCertificateRemove: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    await q.removeCertificate(tx, caller.id_organization, body.id_filial);
    return certificateOf(tx, caller.id_organization, body.id_filial);
  },

  branchEmailList: async ({ tx, caller, body }) => {
    await ownBranch(tx, caller.id_organization, body.id_filial);
    return { rows: await q.listEmails(tx, caller.id_organization, body.id_filial) };
  },
  branchEmailCreate: async ({ tx, caller, body }) => {
    const { id_filial, ...values } = body;
    await ownBranch(tx, caller.id_organization, id_filial);
    const id = await q.createEmail(tx, caller.id_organization, id_filial, values);
    return orNotFound(await q.findEmail(tx, caller.id_organization, id));
  },
  branchEmailUpdate: async ({ tx, caller, body }) => {
    const { id_filial_email, ...values } = body;
    orNotFound(await q.findEmail(tx, caller.id_organization, id_filial_email));
    await q.updateEmail(tx, caller.id_organization, id_filial_email, values);
    return orNotFound(await q.findEmail(tx, caller.id_organization, id_filial_email));
  },
  branchEmailDelete: async ({ tx, caller, body }) => {
    orNotFound(await q.findEmail(tx, caller.id_organization, body.id_filial_email));
    await q.deleteEmail(tx, caller.id_organization, body.id_filial_email);
    return { id_filial_email: body.id_filial_email, excluido: true as const };
  },
  branchEmailUse: async ({ tx, caller, body }) => {
    const account = orNotFound(await q.findEmail(tx, caller.id_organization, body.id_filial_email));
    await q.useEmail(tx, caller.id_organization, body.id_filial_email, account.id_filial);
    return orNotFound(await q.findEmail(tx, caller.id_organization, body.id_filial_email));
  },
  // Outside the request transaction (OUTSIDE_TRANSACTION): no transaction stays open while the SMTP server answers.
  branchEmailTest: async ({ run, caller, body, deps }) => {
    const account = orNotFound(await run((tx) => q.findSmtpAccount(tx, caller.id_organization, body.id_filial_email)));
    try {
      await deps.mail.sendWithAccount(account, {
        to: body.destinatario,
        subject: M.emailTestSubject,
        text: M.emailTestBody(account.email),
      });
    } catch (error) {
      throw badRequest(M.emailTestFailed(error instanceof Error ? error.message : String(error)));
    }
    return { message: M.emailTestSent(body.destinatario) };
  },
} satisfies Partial<Handlers>;

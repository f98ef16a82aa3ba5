/**
 * The shape brand and collection share (002 §3 Catalogues: descricao, situacao, is_padrao, logo): a unique description
 * and the logo's address as fields, situacao toggled in the list, one default, 20 a page sorted by description, and a
 * side panel. A register of that shape declares only its names, paths, permission, sync group and panel title.
 */
import type { FieldDef, RegisterDescriptor } from './descriptor.ts';

/** The fields of a catalogue shown with a logo. */
export const LOGO_CATALOGUE_FIELDS = {
  descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
  logo: { kind: 'text', label: 'Logo (endereço da imagem)', max: 500 },
} as const satisfies Readonly<Record<string, FieldDef>>;

const LOGO_CATALOGUE = {
  scope: 'organization',
  fields: LOGO_CATALOGUE_FIELDS,
  situacao: true,
  isPadrao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
} as const;

/** What a catalogue with a logo says of itself; the rest is LOGO_CATALOGUE's. */
type OwnParts = Omit<RegisterDescriptor, keyof typeof LOGO_CATALOGUE | 'screen'> & { screen: { path: string } };

/** A catalogue with a logo: its own parts over the shared shape, literal types kept (the route table reads them). */
export function logoCatalogue<const D extends OwnParts>(own: D) {
  return { ...LOGO_CATALOGUE, ...own, screen: { ...own.screen, form: 'panel' } } as const;
}

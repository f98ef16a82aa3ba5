/**
 * What a register's screens add to the generic list and form when its descriptor alone does not say it all: tabs of
 * their own in a 'page' form (a profile's permission editor, a user's branches, a branch's certificate), buttons on a
 * list row (Configuração, Redefinir senha), or whether the list may create and delete at all. One entry per register
 * name in REGISTER_EXTENSIONS (extension-table.ts); a register without one is the descriptor's screens as they are.
 */
import type { ComponentType, ReactNode } from 'react';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import type { FieldErrors, FormValues, Row } from './fields.ts';

export interface ExtensionTabProps {
  descriptor: RegisterDescriptor;
  /** The row edited as find_by_id answered it (with the descriptor's `extra` members); null: a new one. */
  row: Row | null;
  /** The form's values, the `extra` members included: what `set` writes is sent with the body on Salvar. */
  values: FormValues;
  set: (name: string, value: unknown) => void;
  errors: FieldErrors;
  readOnly: boolean;
}

export interface RowAction {
  label: string;
  /** Shown only to a user who may manage the register. */
  manage?: boolean;
  run: (row: Row, reload: () => void) => void | Promise<void>;
}

export interface RegisterExtension {
  /** Tabs after the descriptor's groups (the form becomes a page with tabs). */
  tabs?: ReadonlyArray<{ label: string; Component: ComponentType<ExtensionTabProps> }>;
  /** The `extra` members' values of a new record (a row edited takes them from find_by_id). */
  initial?: () => FormValues;
  /** Buttons on each list row. */
  rowActions?: readonly RowAction[];
  /** Buttons above the list opening another screen of the register, each with its shortcut (the commission report). */
  listActions?: ReadonlyArray<{ label: string; shortcut: string; path: string }>;
  /** A list cell of its own (a category indented under its parent); undefined: the field's text as usual. */
  cell?: (name: string, row: Row) => ReactNode | undefined;
  /** false: rows are not created (or deleted) from the list (a branch's configuration comes with the branch). */
  create?: boolean;
  delete?: boolean;
}

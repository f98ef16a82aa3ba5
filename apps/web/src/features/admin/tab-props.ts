/** The props a register's own tab gets (the register extensions' ExtensionTabProps, features/registers/extensions.ts). */
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';

export interface AccessTabProps {
  descriptor: RegisterDescriptor;
  row: Record<string, unknown> | null;
  values: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}

/** Every register's extension of the generic screens (extensions.ts), by the descriptor's name. */
import { attributeExtension, categoryExtension, serviceExtension } from './catalogue-extensions.tsx';
import type { RegisterExtension } from './extensions.ts';

export const REGISTER_EXTENSIONS: Readonly<Partial<Record<string, RegisterExtension>>> = {
  category: categoryExtension,
  attribute: attributeExtension,
  service: serviceExtension,
};

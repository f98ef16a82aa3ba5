/**
 * vitest global setup of the db and pg projects: the run's prepared database (testing/template.ts), made once before
 * the test files start and removed after they end. The workers, started after this, find it through the environment.
 */
import { makeTemplate, TEMPLATE_ENV } from './template.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const template = await makeTemplate();
  process.env[TEMPLATE_ENV] = template.location;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await template.remove();
  };
}

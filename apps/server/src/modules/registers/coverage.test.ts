/**
 * Every register route is in the route table the generated suites walk, with what each suite needs to cover it:
 * session auth (http/routes.db.test.ts: 401; reliability/security.db.test.ts: expired, foreign-key and disabled-user
 * tokens), the register's permission (403), a body schema (400 on malformed bodies; reliability/fuzz.db.test.ts and
 * registers-fuzz.db.test.ts), the id field on the routes that name a row (tenant isolation), and a success proof
 * (testing/route-proofs.ts: registers.db.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteName } from '@pdv/contract/routes';
import { REGISTERS, registerRouteTable } from '@pdv/contract/registers/index';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { GENERATED_PROOFS } from '../../testing/route-proofs.ts';

const BY_ID = ['FindById', 'Update', 'Situacao', 'Delete'];
const READS = ['Find', 'FindById'];

describe('the generated suites cover every register route', () => {
  it.each((REGISTERS as readonly RegisterDescriptor[]).map((d) => [d.name, d] as const))('%s', (_name, d) => {
    const names = Object.keys(registerRouteTable()).filter((n) => n.startsWith(d.name) && /^(Find|FindById|Create|Update|Situacao|Delete)$/.test(n.slice(d.name.length)));
    expect(names.length).toBe(d.situacao ? 6 : 5);
    for (const name of names as RouteName[]) {
      const def = routes[name];
      const action = name.slice(d.name.length);
      expect(def, name).toBeDefined();
      expect(def.auth, `${name}: 401 and token suites`).toBe('session');
      expect(def.permission, `${name}: 403 suite`).toEqual({ action: READS.includes(action) ? 'read' : 'manage', subject: d.permission });
      expect(def.body, `${name}: 400 and fuzz suites`).toBeInstanceOf(z.ZodObject);
      if (BY_ID.includes(action)) expect(def.idFields, `${name}: isolation suite`).toEqual([d.id]);
      expect(GENERATED_PROOFS['apps/server/src/modules/registers/registers.db.test.ts'], `${name}: success proof`).toContain(name);
    }
  });
});

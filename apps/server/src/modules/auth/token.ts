import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export const TOKEN_ISSUER = 'pdv-erp';
export const TOKEN_AUDIENCE = 'pdv-erp-api';
const ALGORITHM = 'HS256';

export interface TokenClaims {
  id_usuario: number;
  id_organization: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for any invalid one (bad signature, alg, issuer, audience, expiry). */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    async sign(claims) {
      return new SignJWT({ org: claims.id_organization })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.id_usuario))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .setJti(randomUUID())
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub', 'iat'],
        });
        const id_usuario = Number(payload.sub);
        const id_organization = Number(payload['org']);
        if (!Number.isInteger(id_usuario) || !Number.isInteger(id_organization)) return null;
        return { id_usuario, id_organization };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

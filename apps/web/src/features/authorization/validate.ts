/** The supervisor's credential check (POST /user/validate-user-credential): answers the grant the server recorded. */
import type { BodyOf, ResultOf } from '@pdv/contract/routes';
import { call } from '../../api/client.ts';

export type SupervisorRequest = BodyOf<'validateUserCredential'>;
export type SupervisorGrant = ResultOf<'validateUserCredential'>;
export type ValidateSupervisor = (request: SupervisorRequest) => Promise<SupervisorGrant>;

export const validateSupervisor: ValidateSupervisor = (request) => call('validateUserCredential', request);

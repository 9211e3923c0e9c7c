import type { z } from 'zod';
import type { HealthSchema } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRepository } from './health.repository.ts';

/** Healthy means the database answers; a failing ping is a 503, never "ok". */
export function createHealthService(repo: HealthRepository, driver: 'pglite' | 'postgres') {
  return {
    async check(): Promise<z.infer<typeof HealthSchema>> {
      try {
        await repo.ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
      }
      return { status: 'ok', database: driver };
    },
  };
}

/** The health service. */
export type HealthService = ReturnType<typeof createHealthService>;

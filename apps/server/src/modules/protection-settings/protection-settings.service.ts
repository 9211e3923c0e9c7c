import type { PlanId, ProtectionSettings, ProtectionSettingsPatch } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { ProtectionSettingsRepository } from './protection-settings.repository.ts';

/**
 * What a new visitor has. The three channel switches are on: protection is the point of the
 * product and every plan includes it. On-device scanning is off: it is marked Premium and
 * downloads the engine into the browser, which a person should choose.
 */
export const DEFAULT_PROTECTION_SETTINGS: Readonly<ProtectionSettings> = Object.freeze({
  smsProtection: true,
  emailProtection: true,
  socialMediaProtection: true,
  onDeviceScanning: false,
});

/**
 * Reads and changes a user's protection switches. `isManaged` says whether someone else sets a
 * user's switches (a family manager's parental controls): their own changes are then refused, and
 * only `override` (the manager's, through the family service) changes them.
 *
 * On-device scanning is part of the paid plans (issue 20): turning it on on Basic is refused, and
 * it reads as off while the plan in effect is Basic (a plan that ended keeps the choice for the
 * day it comes back, but the browser goes back to asking the server). Without `plans` it is not
 * checked.
 */
export function createProtectionSettingsService(
  repo: ProtectionSettingsRepository,
  options: {
    isManaged?: (userId: string) => Promise<boolean>;
    /** Runs a person's own change in their family's turn, so a manager taking the switches over meanwhile is not undone. */
    inTurn?: <T>(userId: string, task: () => Promise<T>) => Promise<T>;
    /** The plan in effect: on-device scanning needs a paid one. */
    plans?: { effectivePlan(userId: string): Promise<PlanId> };
  } = {},
) {
  const paid = async (userId: string) => !options.plans || (userId !== '' && (await options.plans.effectivePlan(userId)) !== 'basic');
  /** The switches as they hold: on-device scanning only on a paid plan. */
  const asHeld = async (userId: string, settings: ProtectionSettings): Promise<ProtectionSettings> =>
    settings.onDeviceScanning && !(await paid(userId)) ? { ...settings, onDeviceScanning: false } : settings;
  return {
    async get(userId: string): Promise<ProtectionSettings> {
      return asHeld(userId, (await repo.find(userId)) ?? { ...DEFAULT_PROTECTION_SETTINGS });
    },

    update(userId: string, patch: ProtectionSettingsPatch): Promise<ProtectionSettings> {
      const write = async () => {
        // a parental control the child could flip back would control nothing
        if (options.isManaged && (await options.isManaged(userId))) throw new AppError('PROTECTION_MANAGED');
        if (patch.onDeviceScanning === true && !(await paid(userId))) throw new AppError('ON_DEVICE_PLAN_REQUIRED');
        return asHeld(userId, await repo.upsert(userId, patch, DEFAULT_PROTECTION_SETTINGS));
      };
      return options.inTurn ? options.inTurn(userId, write) : write();
    },

    /** Sets `userId`'s switches whoever manages them: the family manager's parental controls. */
    override(userId: string, patch: ProtectionSettingsPatch): Promise<ProtectionSettings> {
      return repo.upsert(userId, patch, DEFAULT_PROTECTION_SETTINGS);
    },
  };
}

/** The protection settings service. */
export type ProtectionSettingsService = ReturnType<typeof createProtectionSettingsService>;
